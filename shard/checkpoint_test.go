package shard

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCheckpoint wants a Checkpoint to start afresh on a new file, keep
// the last State saved, be held by one at a time, resume what it kept,
// and refuse a damaged file with ErrState.
func TestCheckpoint(t *testing.T) {
	name := filepath.Join(t.TempDir(), "state")
	c, err := OpenCheckpoint(name)
	if err != nil || c.Resume() != nil || c.Name() != name {
		t.Fatalf("a new checkpoint: %v, %v; want no state to resume", c, err)
	}
	var last State
	job := Job{N: 12, Workers: 1, SaveEvery: time.Millisecond, Save: func(s State) error {
		last = s
		return c.Save(s)
	}}
	if _, err := job.Count(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenCheckpoint(name); err == nil || !strings.Contains(err.Error(), "in use by another count") {
		t.Errorf("a checkpoint opened twice: %v; want it held by the first", err)
	}
	c.Close()
	if err := c.Save(last); err == nil {
		t.Errorf("a save to a checkpoint closed: no error")
	}
	again, err := OpenCheckpoint(name)
	if err != nil || again.Resume() == nil || again.Resume().Done() != last.Done() {
		t.Fatalf("the checkpoint opened again: %v; want the state saved last, %d done", err, last.Done())
	}
	if err := job.CheckResume(*again.Resume()); err != nil {
		t.Errorf("the state kept, to resume its count: %v", err)
	}
	again.Close()
	for _, tmp := range []string{name + ".lock", name + ".tmp"} {
		if _, err := os.Lstat(tmp); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is left after Close: %v", tmp, err)
		}
	}
	if err := os.WriteFile(name, []byte(StateHeader+"cut"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenCheckpoint(name); !errors.Is(err, ErrState) || !strings.Contains(err.Error(), "is damaged") {
		t.Errorf("a damaged checkpoint: %v; want ErrState", err)
	}
}
