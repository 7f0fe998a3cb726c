//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// lock takes an exclusive lock on the named file, made if need be, with
// flock(2): the kernel drops it when the process ends, however it ends. It
// fails at once, naming the process that holds it, if another does. The
// returned function removes the file and drops the lock.
func lock(name string) (release func(), err error) {
	for {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			b := make([]byte, 32)
			k, _ := f.ReadAt(b, 0)
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				holder := strings.TrimSpace(string(b[:k]))
				if _, err := strconv.Atoi(holder); err != nil {
					holder = "?"
				}
				return nil, fmt.Errorf("in use by another count, process %s (it holds %s)", holder, name)
			}
			return nil, err
		}
		// A holder removes the file before it drops the lock, so the lock
		// holds only if the file locked is still the one named.
		locked, err1 := f.Stat()
		named, err2 := os.Stat(name)
		if err1 == nil && err2 == nil && os.SameFile(locked, named) {
			f.Truncate(0)
			f.WriteString(strconv.Itoa(os.Getpid()) + "\n")
			return func() {
				os.Remove(name)
				f.Close()
			}, nil
		}
		f.Close()
	}
}
