package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gonqueens/nqueens/shard"
)

// bounded is a process of the built command held to 1 GiB of address
// space and to timeout, so that a regression that reads without end or
// hangs fails the test, not the machine.
func bounded(t *testing.T, timeout time.Duration, bin, dir string, args ...string) *exec.Cmd {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, "bash", append([]string{"-c", `ulimit -v 1048576 && exec "$0" "$@"`, bin}, args...)...)
	cmd.Dir = dir
	return cmd
}

// runBounded runs bounded's process and returns its exit code and outputs;
// the code is -1 if the process was killed at its timeout.
func runBounded(t *testing.T, bin, dir string, args ...string) (int, string, string) {
	t.Helper()
	cmd := bounded(t, 10*time.Second, bin, dir, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

// TestCheckpointNotAFile wants every checkpoint that is not a regular file
// refused at once, without reading or opening it, and left as it was.
func TestCheckpointNotAFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(dir, "state")
	if code, _, errOut := runBounded(t, bin, dir, "count", "-checkpoint", state, "10"); code != 0 {
		t.Fatalf("count with a new checkpoint: exit %d, %s", code, errOut)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(state, link); err != nil {
		t.Fatal(err)
	}
	readOnly := filepath.Join(dir, "read-only")
	if code, _, errOut := runBounded(t, bin, dir, "count", "-checkpoint", readOnly, "10"); code != 0 || os.Chmod(readOnly, 0o444) != nil {
		t.Fatalf("count with a new checkpoint: exit %d, %s", code, errOut)
	}
	before := mustRead(readOnly)
	tests := []struct{ checkpoint, want string }{
		{"/dev/zero", "is a device, not a regular file: name a file that a count made, or a new one"},
		{fifo, "is a named pipe (FIFO), not a regular file"},
		{link, "is a symbolic link to " + state},
		{dir, "is a directory, not a file: name a file, such as " + filepath.Join(dir, "nqueens.state")},
		{filepath.Join(dir, "missing", "state"), "its directory " + filepath.Join(dir, "missing") + " does not exist: make it (mkdir -p "},
		{state + "/", "ends in /, which names a directory"},
		{filepath.Join(state, "x"), state + " is not a directory"},
		{readOnly, "is read-only (-r--r--r--), and a count replaces its checkpoint at every save: to go on from it, make it writable (chmod u+w " + readOnly + ")"},
	}
	if runtime.GOOS == "linux" {
		// No file can be made in /proc, whatever the user.
		tests = append(tests, struct{ checkpoint, want string }{"/proc/nqueens.state", "cannot make its lock file /proc/nqueens.state.lock: no such file or directory: " +
			"a count keeps /proc/nqueens.state.lock and /proc/nqueens.state.tmp beside its checkpoint, so name a checkpoint in a directory that you can write"})
	}
	for _, tt := range tests {
		start := time.Now()
		code, out, errOut := runBounded(t, bin, dir, "count", "-checkpoint", tt.checkpoint, "10")
		if code <= 0 || out != "" || !strings.Contains(errOut, tt.want) || time.Since(start) > 5*time.Second {
			t.Errorf("count -checkpoint %s: exit %d after %v, stdout %q, stderr %q; want a refusal saying %q",
				tt.checkpoint, code, time.Since(start), out, errOut, tt.want)
		}
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link refused as a checkpoint is no longer a link: %v, %v", info, err)
	}
	if info, err := os.Stat(readOnly); err != nil || info.Mode().Perm() != 0o444 || !bytes.Equal(mustRead(readOnly), before) {
		t.Errorf("the read-only checkpoint refused is no longer as it was: %v, %v", info, err)
	}
	// A checkpoint made writable goes on, and keeps its permissions.
	if err := os.Chmod(readOnly, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runBounded(t, bin, dir, "count", "-checkpoint", readOnly, "10"); code != 0 || !strings.Contains(errOut, "resuming from") {
		t.Errorf("count -checkpoint of a checkpoint made writable: exit %d, %s; want it resumed", code, errOut)
	}
	if info, err := os.Stat(readOnly); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("a checkpoint of mode 0600 replaced by a save: %v, %v; want its mode kept", info, err)
	}
}

// TestCheckpointRemovesOnlyItsOwn gives checkpoints whose names are glob
// patterns, beside files that such patterns match, and wants every one of
// those files left, on a count and on a refused one.
func TestCheckpointRemovesOnlyItsOwn(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	dir := t.TempDir()
	others := []string{"notes.tmp-1", "a.tmp-x", "run1.state.tmp-123", "run1.state.tmp", "run1.state.lock"}
	for _, name := range others {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("keep me"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"-checkpoint", "*", "10"},
		{"-checkpoint", "run[0-9].state", "10"},
		{"-checkpoint", "run[0-9].state", "11"}, // refused: a state of n=10
		{"-checkpoint", "*.tmp-?", "10"},
	} {
		runBounded(t, bin, dir, append([]string{"count"}, args...)...)
	}
	for _, name := range others {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != "keep me" {
			t.Errorf("%s after counts with checkpoints named as patterns: %q, %v; want it untouched", name, b, err)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*.lock"))
	if len(left) != 1 {
		t.Errorf("lock files left after the counts: %q; want only the one that was there", left)
	}
}

// TestCheckpointLocked starts a count on a checkpoint that another count
// is saving every millisecond, and wants it refused with the other's
// process named, and the other unharmed. The other counts n = 20 on one
// worker, a minute or more: it is interrupted long before its end.
func TestCheckpointLocked(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	dir := t.TempDir()
	args := []string{"count", "-workers", "1", "-checkpoint", "s", "-checkpoint-every", "1ms", "20"}
	first := bounded(t, time.Minute, bin, dir, args...)
	var firstErr bytes.Buffer
	first.Stderr = &firstErr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	defer first.Process.Kill()
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, "s")); err == nil {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("the first count saved nothing in 10 s: %s", firstErr.String())
		}
	}
	for range 3 {
		code, out, errOut := runBounded(t, bin, dir, args...)
		if want := fmt.Sprintf("in use by another count, process %d", first.Process.Pid); code != 1 || out != "" || !strings.Contains(errOut, want) {
			t.Errorf("a second count on the same checkpoint: exit %d, stdout %q, stderr %q; want a refusal saying %q", code, out, errOut, want)
		}
	}
	first.Process.Signal(syscall.SIGINT)
	first.Wait()
	if code := first.ProcessState.ExitCode(); code != 130 || !strings.Contains(firstErr.String(), "the same command goes on from there") {
		t.Errorf("the first count, interrupted: exit %d, stderr %q; want 130 and its state saved", code, firstErr.String())
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "s.*")); len(left) != 0 {
		t.Errorf("files left beside the checkpoint: %q", left)
	}
}

// TestCheckpointDiskFull counts with a checkpoint on a full disk, a small
// tmpfs, and wants the count printed with a warning: a result in hand is
// never thrown away for a save that failed.
func TestCheckpointDiskFull(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (it needs root): %v %s", err, out)
	}
	defer exec.Command("umount", dir).Run()
	filler := bytes.Repeat([]byte{'x'}, 4096)
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := f.Write(filler); err != nil {
			break
		}
	}
	f.Close()
	code, out, errOut := runBounded(t, bin, dir, "count", "-unique", "-checkpoint", filepath.Join(dir, "state"), "12")
	if code != 0 || out != "14200 1787\n" || !strings.Contains(errOut, "warning: cannot save checkpoint") || !strings.Contains(errOut, "holds no state of this count: no save succeeded") {
		t.Errorf("count with its checkpoint on a full disk: exit %d, stdout %q, stderr %q; want the count and a warning that no state was kept", code, out, errOut)
	}
}

// TestLockNotOurs puts, where a checkpoint's lock goes, a symbolic link
// to a file of the user's, a FIFO, a directory and a file of text, and
// wants each refused with what to do, left as it was, and the file it
// links to untouched; a lock that a crashed count left, holding a process
// id, is taken, and removed at the end.
func TestLockNotOurs(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(mine, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	kinds := []struct {
		name string
		make func(lock string) error
		want string
	}{
		{"a symbolic link", func(lock string) error { return os.Symlink(mine, lock) }, "is a symbolic link"},
		{"a FIFO", func(lock string) error { return syscall.Mkfifo(lock, 0o644) }, "is not a regular file"},
		{"a directory", func(lock string) error { return os.Mkdir(lock, 0o755) }, "is a directory"},
		{"a file of text", func(lock string) error { return os.WriteFile(lock, []byte("keep me"), 0o644) }, "holds something other than a process id"},
	}
	for i, k := range kinds {
		checkpoint := filepath.Join(dir, fmt.Sprintf("state%d", i))
		lock := checkpoint + ".lock"
		if err := k.make(lock); err != nil {
			t.Fatal(err)
		}
		before, _ := os.Lstat(lock)
		code, out, errOut := runCLI(t, noEnv, "count", "-checkpoint", checkpoint, "10")
		if code != 1 || out != "" || !strings.Contains(errOut, k.want) || !strings.Contains(errOut, "move it away, or name another checkpoint") {
			t.Errorf("%s as the lock: exit %d, stdout %q, stderr %q; want a refusal saying %q and what to do", k.name, code, out, errOut, k.want)
		}
		after, err := os.Lstat(lock)
		if err != nil || after.Mode() != before.Mode() || after.Size() != before.Size() {
			t.Errorf("%s as the lock is now %v, %v; want it left as it was", k.name, after, err)
		}
		if _, err := os.Lstat(checkpoint); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s as the lock: the checkpoint was written: %v", k.name, err)
		}
	}
	if b, err := os.ReadFile(mine); err != nil || string(b) != "keep me" {
		t.Errorf("the file a lock linked to holds %q, %v; want it untouched", b, err)
	}
	// A temporary file that is not a save's is refused as well.
	checkpoint := filepath.Join(dir, "state")
	if err := os.WriteFile(checkpoint+".tmp", []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, noEnv, "count", "-checkpoint", checkpoint, "10"); code != 1 || !strings.Contains(errOut, "holds something other than a state of nqueens") {
		t.Errorf("a file of text as the temporary file: exit %d, stderr %q; want a refusal", code, errOut)
	}
	if b, err := os.ReadFile(checkpoint + ".tmp"); err != nil || string(b) != "keep me" {
		t.Errorf("the temporary file of text holds %q, %v; want it untouched", b, err)
	}
	// A lock and a temporary file left by a count that crashed.
	os.WriteFile(checkpoint+".lock", []byte("12345\n"), 0o644)
	os.WriteFile(checkpoint+".tmp", []byte(shard.StateHeader[:5]), 0o644)
	if code, out, errOut := runCLI(t, noEnv, "count", "-checkpoint", checkpoint, "10"); code != 0 || out != "724\n" {
		t.Errorf("a count after one that crashed: exit %d, stdout %q, stderr %q; want 724", code, out, errOut)
	}
	for _, name := range []string{checkpoint + ".lock", checkpoint + ".tmp"} {
		if _, err := os.Lstat(name); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is left after the count: %v", name, err)
		}
	}
}
