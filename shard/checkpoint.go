package shard

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/gonqueens/nqueens/internal/engine"
)

// A Checkpoint is a file that keeps the State of a count as it goes, so
// that a count stopped, or killed, goes on from its last save: give
// Checkpoint.Save to Job.Save and Checkpoint.Resume to Job.Resume. It is
// a regular file that the count owns while the Checkpoint is open: it
// holds a lock on it, name.lock beside it, and saves through one
// temporary file, name.tmp, which it syncs to the disk and renames over
// the file, so that a crash at any moment leaves the old state or the
// new. Those two names are the only ones it ever removes. A symbolic link
// is refused rather than followed: replacing a link by a file, or writing
// to wherever it points, would each surprise someone. A file that is
// there but holds no state, or that the process may not write, is
// refused with what is wrong with it: a count is never silently
// restarted, and a checkpoint made read-only is the user's to keep.
type Checkpoint struct {
	name    string
	resume  *State
	release func()
}

// OpenCheckpoint takes the lock on the checkpoint file name and reads the
// state it holds, if it is there: a new name makes a new checkpoint. It
// returns an error that names the file and says what to do: for a name
// that ends in a slash, whose directory is not there, or that is held by
// another count (another process, or another Checkpoint of this one);
// for a file that is no regular one, is read-only, or holds something
// else than a State, an error wrapping ErrState for a State damaged. A
// Checkpoint opened must be closed.
func OpenCheckpoint(name string) (*Checkpoint, error) {
	s, found, release, err := openCheckpoint(name)
	if err != nil {
		return nil, engine.Public("shard", err)
	}
	c := &Checkpoint{name: name, release: release}
	if found {
		c.resume = &s
	}
	return c, nil
}

// Name returns the name of c's file.
func (c *Checkpoint) Name() string { return c.name }

// Resume returns the State that c's file held when it was opened, for
// Job.Resume, or nil if it held none: a count that starts afresh. Check
// it with Job.CheckResume before a count says that it resumes.
func (c *Checkpoint) Resume() *State { return c.resume }

// Save keeps s in c's file, atomically: a Job's Save. An error leaves the
// file as it was, and the next save tries again.
func (c *Checkpoint) Save(s State) error {
	if c.release == nil {
		return engine.Public("shard", fmt.Errorf("checkpoint %s is closed", c.name))
	}
	if err := writeCheckpoint(c.name, s); err != nil {
		return engine.Public("shard", fmt.Errorf("checkpoint %s: %w", c.name, err))
	}
	return nil
}

// Close lets go of c's lock, and leaves its file as the last save left
// it. It is a no-op on a Checkpoint closed.
func (c *Checkpoint) Close() error {
	if c.release != nil {
		c.release()
		c.release = nil
	}
	return nil
}

// openCheckpoint takes the lock on the named checkpoint and reads it: the
// state, whether there was one, and the function that releases the lock.
// A file that is there but not a state is an error that says what is
// wrong with it: a count is never silently restarted.
func openCheckpoint(name string) (s State, found bool, release func(), err error) {
	if strings.HasSuffix(name, "/") {
		return s, false, nil, fmt.Errorf("checkpoint %s ends in /, which names a directory: name a file, such as %sstate", name, name)
	}
	dir := filepath.Dir(name)
	if info, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return s, false, nil, fmt.Errorf("checkpoint %s: its directory %s does not exist: make it (mkdir -p %s), or name a checkpoint in one that does", name, dir, dir)
	} else if err != nil {
		return s, false, nil, fmt.Errorf("checkpoint %s: its directory: %w", name, err)
	} else if !info.IsDir() {
		return s, false, nil, fmt.Errorf("checkpoint %s: %s is not a directory: name a checkpoint in a directory", name, dir)
	}
	if err := checkRegular(name); err != nil && !errors.Is(err, os.ErrNotExist) {
		return s, false, nil, err
	}
	if err := checkWritable(name); err != nil {
		return s, false, nil, err
	}
	release, err = lock(lockName(name))
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return s, false, nil, fmt.Errorf("checkpoint %s: cannot make its lock file %s: %v: a count keeps %s and %s beside its checkpoint, so name a checkpoint in a directory that you can write",
			name, lockName(name), pe.Err, lockName(name), tmpName(name))
	} else if err != nil {
		return s, false, nil, fmt.Errorf("checkpoint %s: %w", name, err)
	}
	if err := checkTemp(tmpName(name)); err != nil {
		release()
		return s, false, nil, fmt.Errorf("checkpoint %s: %w", name, err)
	}
	s, found, err = readCheckpoint(name)
	if err != nil {
		release()
		return s, false, nil, err
	}
	return s, found, release, nil
}

// maxCheckpoint is the largest checkpoint file read: far more than the
// state of any split (a bit per subproblem).
const maxCheckpoint = 64 << 20

// checkTemp returns an error unless the named temporary file is not there
// or is one that a save left: a regular file that holds the start of a
// state, or nothing. A save removes it before it writes its own, and so
// must never find there a file of someone else's.
func checkTemp(name string) error {
	info, err := os.Lstat(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !info.Mode().IsRegular():
		return notOurs("temporary file", name, fmt.Sprintf("is not a regular file (%v)", info.Mode().Type()), "a save makes it itself")
	}
	f, err := os.OpenFile(name, os.O_RDONLY|noFollow|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	b := make([]byte, len(StateHeader))
	k, _ := io.ReadFull(f, b)
	// Every State opens with StateHeader, and so every temporary
	// file that a save writes, but one cut short before it.
	if !strings.HasPrefix(StateHeader, string(b[:k])) {
		return notOurs("temporary file", name, "holds something other than a state of nqueens", "a save makes it itself")
	}
	return nil
}

// checkRegular returns an error unless name is a regular file, without
// opening it: opening a FIFO blocks until a writer comes.
func checkRegular(name string) error {
	info, err := os.Lstat(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return err
	case err != nil:
		return fmt.Errorf("checkpoint %s: %w", name, err)
	case info.Mode()&os.ModeSymlink != 0:
		target, _ := os.Readlink(name)
		return fmt.Errorf("checkpoint %s is a symbolic link to %s: name the file itself", name, target)
	case info.IsDir():
		return fmt.Errorf("checkpoint %s is a directory, not a file: name a file, such as %s", name, filepath.Join(name, "nqueens.state"))
	case !info.Mode().IsRegular():
		return notRegular(name, info.Mode())
	}
	return nil
}

// notRegular is the error for a checkpoint that is there, of the mode
// mode, but no regular file.
func notRegular(name string, mode fs.FileMode) error {
	what := fmt.Sprintf("not a regular file (%v)", mode.Type())
	switch {
	case mode&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO), not a regular file"
	case mode&fs.ModeDevice != 0:
		what = "a device, not a regular file"
	case mode&fs.ModeSocket != 0:
		what = "a socket, not a regular file"
	}
	return fmt.Errorf("checkpoint %s is %s: name a file that a count made, or a new one, which it makes", name, what)
}

// checkWritable returns an error for a checkpoint that is there but that
// its owner may not write, or this process may not: made read-only, it
// is the user's to keep, and a save, which replaces it, would not.
func checkWritable(name string) error {
	info, err := os.Lstat(name)
	if err != nil || !info.Mode().IsRegular() {
		return nil
	}
	if info.Mode().Perm()&0o200 == 0 || !canWrite(name) {
		return fmt.Errorf("checkpoint %s is read-only (%v), and a count replaces its checkpoint at every save: to go on from it, make it writable (chmod u+w %s), or copy it and name the copy",
			name, info.Mode().Perm(), name)
	}
	return nil
}

// readCheckpoint reads the state kept in the named file, and reports
// whether there was one.
func readCheckpoint(name string) (State, bool, error) {
	var s State
	if err := checkRegular(name); errors.Is(err, os.ErrNotExist) {
		return s, false, nil
	} else if err != nil {
		return s, false, err
	}
	// Never blocks in open, should the file have been swapped for a FIFO
	// since it was looked at; what was opened is checked again.
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return s, false, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil {
		return s, false, err
	} else if !info.Mode().IsRegular() {
		return s, false, notRegular(name, info.Mode())
	}
	b, err := io.ReadAll(io.LimitReader(f, maxCheckpoint+1))
	if err != nil {
		return s, false, err
	}
	if len(b) > maxCheckpoint {
		return s, false, fmt.Errorf("checkpoint %s has over %d bytes: not a state of nqueens", name, maxCheckpoint)
	}
	if err := s.UnmarshalBinary(b); err != nil {
		return s, false, fmt.Errorf("checkpoint %s is damaged: %w", name, errors.Unwrap(err))
	}
	return s, true, nil
}

// writeCheckpoint keeps s in the named file, atomically: it writes the
// temporary file beside it, syncs it to the disk and renames it over the
// old one, so that a crash at any moment leaves the old state or the new.
// The caller holds the checkpoint's lock, so the temporary file is its
// own, or left by a count that crashed.
func writeCheckpoint(name string, s State) (err error) {
	b, err := s.MarshalBinary()
	if err != nil {
		return err
	}
	tmp := tmpName(name)
	if err := checkTemp(tmp); err != nil {
		return err
	}
	if err := os.Remove(tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	// O_EXCL: a link planted under the temporary name is not followed.
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|noFollow, 0o644)
	if err != nil {
		return err
	}
	// The file it replaces keeps its permissions.
	if info, err := os.Lstat(name); err == nil {
		f.Chmod(info.Mode().Perm())
	}
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		return err
	}
	// The rename itself lasts only once the directory is on the disk.
	if d, err := os.Open(filepath.Dir(name)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
