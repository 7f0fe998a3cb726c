package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/gonqueens/nqueens/shard"
)

// openCheckpoint opens the named checkpoint (shard.OpenCheckpoint), with
// the command's word for a state damaged.
func openCheckpoint(name string) (*shard.Checkpoint, error) {
	c, err := shard.OpenCheckpoint(name)
	if errors.Is(err, shard.ErrState) {
		return nil, fmt.Errorf("%s; remove %s, and the same command starts afresh", bare(err), name)
	}
	return c, err
}

// holdsOther is the error of the command cmd for a checkpoint that holds
// another count's state, from err, which says how they differ (a
// *shard.MismatchError that the library's error wraps). The checkpoint is
// left as it is.
func holdsOther(checkpoint, cmd string, err error) error {
	why := err.Error()
	if m := (*shard.MismatchError)(nil); errors.As(err, &m) {
		why = m.Why
	}
	return fmt.Errorf("checkpoint %s holds %s: give %s another -checkpoint file, or remove %s to start afresh",
		checkpoint, why, cmd, checkpoint)
}

// damaged is the error for a checkpoint that holds no state a count
// made, from err, which says why: bytes that are no state, or counts that
// are no board's, found when it is read or, resumed, once the count is
// done. The same command would fail the same way, after redoing its
// work: it must start afresh.
func damaged(checkpoint string, err error) error {
	return fmt.Errorf("checkpoint %s is damaged: %s; remove %s, and the same command starts afresh", checkpoint, bare(err), checkpoint)
}

// A checkpointSaver saves a count's state in its checkpoint. A save that
// fails does not stop the count, whose result is worth more than its
// checkpoint: it is a warning, the first time, and the next save tries
// again.
type checkpointSaver struct {
	file    *shard.Checkpoint
	name    string
	stderr  io.Writer
	bar     *progressBar
	resumed bool  // whether the count resumed from the checkpoint
	saved   bool  // whether a save succeeded
	failed  error // of the last save, nil if it succeeded
	// held says what the checkpoint holds of an earlier count that the
	// same command made, "" for nothing: the finished recount of another
	// record, for verify.
	held string
}

// keep opens c's checkpoint for job, which saves in it every every and
// resumes from what it holds, if it holds a state of job's count; the
// caller closes c.file.
func (c *checkpointSaver) keep(job *shard.Job, every time.Duration) error {
	file, err := openCheckpoint(c.name)
	if err != nil {
		return err
	}
	if state := file.Resume(); state != nil {
		if err := job.CheckResume(*state); err != nil {
			file.Close()
			return holdsOther(c.name, "this count", err)
		}
		fmt.Fprintf(c.stderr, "nqueens: resuming from %s: %d of %d subproblems done\n", c.name, state.Done(), state.Subproblems())
		job.Resume = state
	}
	c.file, c.resumed = file, job.Resume != nil
	job.Save, job.SaveEvery = c.save, every
	return nil
}

func (c *checkpointSaver) save(s shard.State) error {
	err := c.file.Save(s)
	if err != nil && c.failed == nil {
		c.bar.clear()
		fmt.Fprintf(c.stderr, "nqueens: warning: cannot save checkpoint %s, the count goes on: %v\n", c.name, err)
	}
	c.failed = err
	c.saved = c.saved || err == nil
	return nil
}

// stopped says, once what (a count, a recount) has stopped after taking
// elapsed, what the checkpoint holds: the same command goes on from a
// state saved, and a count stopped before its first save lost its work.
func (c *checkpointSaver) stopped(what string, elapsed time.Duration) string {
	switch {
	case c.saved:
		return fmt.Sprintf("nqueens: %s is saved in %s: the same command goes on from there", what, c.name)
	case c.resumed:
		return fmt.Sprintf("nqueens: %s stopped before its first save: %s still holds the state it resumed from, and the same command goes on from there", what, c.name)
	case c.held != "":
		return fmt.Sprintf("nqueens: %s stopped after %s, before its first save: %s still holds %s, and the same command goes on from there", what, elapsed.Round(time.Millisecond), c.name, c.held)
	}
	return fmt.Sprintf("nqueens: %s stopped after %s, before its first save: nothing is saved in %s, and the same command starts afresh", what, elapsed.Round(time.Millisecond), c.name)
}

// warning says that the last save failed, and what the checkpoint holds.
func (c *checkpointSaver) warning() string {
	held := "no state of this count: no save succeeded"
	switch {
	case c.saved:
		held = "an earlier state of this count"
	case c.resumed:
		held = "the state this count resumed from"
	case c.held != "":
		held = c.held
	}
	return fmt.Sprintf("nqueens: warning: the last save of checkpoint %s failed, and it holds %s: %v", c.name, held, c.failed)
}
