//go:build unix

package shard

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// noFollow makes open refuse a symbolic link rather than follow it.
const noFollow = syscall.O_NOFOLLOW

// canWrite reports whether this process may write the named file.
func canWrite(name string) bool { return syscall.Access(name, 2) == nil } // 2: W_OK

// lock takes an exclusive lock on the named file with flock(2): the
// kernel drops it when the process ends, however it ends. It fails at
// once, naming the process that holds it, if another does. The file is
// made if it is not there; one that is there is taken only if it is a
// regular file that a count left, empty or holding a process id, and is
// never followed if it is a symbolic link: a file of someone else's is
// refused, never truncated. The returned function removes the file and
// drops the lock.
func lock(name string) (release func(), err error) {
	for {
		f, made, err := openLock(name)
		if err != nil {
			return nil, err
		}
		holder, ok := lockHolder(f)
		if !ok {
			f.Close()
			return nil, notALock(name, notPid)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				if holder == "" {
					holder = "?"
				}
				return nil, fmt.Errorf("in use by another count, process %s (it holds %s)", holder, name)
			}
			return nil, err
		}
		// A holder removes the file before it drops the lock, so the lock
		// holds only if the file locked is still the one named.
		locked, err1 := f.Stat()
		named, err2 := os.Lstat(name)
		if err1 != nil || err2 != nil || !os.SameFile(locked, named) {
			f.Close()
			continue
		}
		if !made {
			// Read again under the lock: what a holder wrote is a pid.
			if _, ok := lockHolder(f); !ok {
				f.Close()
				return nil, notALock(name, notPid)
			}
		}
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		}
		return func() {
			os.Remove(name)
			f.Close()
		}, nil
	}
}

// openLock opens the named lock file for reading and writing without
// following a symbolic link or blocking on a FIFO, and reports whether it
// made it. A name that is there but not a regular file is an error.
func openLock(name string) (f *os.File, made bool, err error) {
	const flags = os.O_RDWR | noFollow | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	f, err = os.OpenFile(name, flags|os.O_CREATE|os.O_EXCL, 0o644)
	if err == nil {
		return f, true, nil
	}
	if !errors.Is(err, os.ErrExist) {
		return nil, false, err
	}
	f, err = os.OpenFile(name, flags, 0)
	switch {
	case errors.Is(err, syscall.ELOOP):
		return nil, false, notALock(name, "a symbolic link")
	case errors.Is(err, syscall.EISDIR):
		return nil, false, notALock(name, "a directory")
	case err != nil:
		return nil, false, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, false, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, false, notALock(name, fmt.Sprintf("not a regular file (%v)", info.Mode().Type()))
	}
	return f, false, nil
}

// notALock is the error for a lock file's name that holds something else.
func notALock(name, what string) error {
	return notOurs("lock file", name, "is "+what, "a count makes its lock itself")
}

// maxLockBytes is the most bytes a lock file holds: a process id and a
// newline.
const maxLockBytes = 24

// notPid says what a lock file holds that no count wrote.
const notPid = "a file that holds something other than a process id"

// lockHolder returns the process id that the lock file f holds, "" for
// an empty one, and reports whether f holds nothing else: whether a count
// can have written it.
func lockHolder(f *os.File) (string, bool) {
	b := make([]byte, maxLockBytes+1)
	k, err := f.ReadAt(b, 0)
	if err != nil && err != io.EOF {
		return "", false
	}
	text := strings.TrimSuffix(string(b[:k]), "\n")
	if k == 0 || k <= maxLockBytes && text != "" && strings.Trim(text, "0123456789") == "" {
		return text, true
	}
	return "", false
}
