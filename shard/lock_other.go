//go:build !unix

package shard

import (
	"errors"
	"fmt"
	"os"
)

// noFollow is 0: the systems without flock(2) open no symbolic link
// without following it. Every file a count writes is made with O_EXCL,
// which follows none.
const noFollow = 0

// canWrite reports true: the permissions are the file's mode alone here.
func canWrite(string) bool { return true }

// lock takes the named file as a lock by making it, which fails if it is
// there: held by another count, or left by one that crashed. The returned
// function removes it.
func lock(name string) (release func(), err error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, fmt.Errorf("in use by another count (%s is there; remove it if no count runs)", name)
	}
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(f, os.Getpid())
	f.Close()
	return func() { os.Remove(name) }, nil
}
