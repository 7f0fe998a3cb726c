package shard

import "fmt"

// The files a checkpoint keeps beside it, and the error for a file there
// that no count made.

// tmpName and lockName return the names of the files kept beside a
// checkpoint.
func tmpName(checkpoint string) string  { return checkpoint + ".tmp" }
func lockName(checkpoint string) string { return checkpoint + ".lock" }

// notOurs is the error for a name beside a checkpoint, its lock or its
// temporary file, that holds what no count made there: the kind of file,
// what is wrong with it, who makes the file, and what to do.
func notOurs(kind, name, what, maker string) error {
	return fmt.Errorf("%s %s %s: %s; move it away, or name another checkpoint", kind, name, what, maker)
}
