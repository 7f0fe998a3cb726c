package shard

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/internal/engine"
	"github.com/google/go-cmp/cmp"
)

// stopAfterSaves counts job, saving every millisecond, and cancels the
// count from its save callback once a saved state holds at least want
// subproblems done. It returns the last state saved. A count that ends
// before the cancel comes, which a busy machine's late ticks can make
// happen for a count of a few milliseconds, is counted again, up to
// stopTries times.
func stopAfterSaves(t *testing.T, job Job, want int) State {
	t.Helper()
	var err error
	for range stopTries {
		ctx, cancel := context.WithCancel(context.Background())
		var last State
		job.SaveEvery, job.Save = time.Millisecond, func(s State) error {
			last = s
			if s.Done() >= want {
				cancel()
			}
			return nil
		}
		_, err = job.Count(ctx)
		cancel()
		if errors.Is(err, context.Canceled) {
			return last
		}
		if err != nil {
			break
		}
	}
	t.Fatalf("a count of %d stopped from its save: error = %v, want context.Canceled", job.N, err)
	return State{}
}

// stopTries is how many times stopAfterSaves counts before it gives up.
const stopTries = 10

func TestResume(t *testing.T) {
	for _, tt := range []struct{ n, workers, shard, shards int }{
		{15, 2, 0, 1}, {16, 1, 0, 1}, {16, 2, 0, 1}, {16, 2, 1, 3},
	} {
		want, err := Job{N: tt.n, Index: tt.shard, Of: tt.shards}.Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		job := Job{N: tt.n, Index: tt.shard, Of: tt.shards, Workers: tt.workers}
		state := stopAfterSaves(t, job, 100)
		if state.Done() < 100 || state.Done() >= state.Subproblems() {
			t.Fatalf("n=%d: saved %d of %d subproblems done, want a count stopped midway", tt.n, state.Done(), state.Subproblems())
		}
		// Through bytes, as a file would keep it.
		b, err := state.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var back State
		if err := back.UnmarshalBinary(b); err != nil {
			t.Fatalf("UnmarshalBinary of MarshalBinary: %v", err)
		}
		var final State
		resumed := job
		resumed.Resume, resumed.SaveEvery, resumed.Save = &back, time.Hour, func(s State) error { final = s; return nil }
		got, err := resumed.Count(context.Background())
		if err != nil || got != want {
			t.Errorf("n=%d, shard %d of %d, resumed from %d of %d done: %+v, %v; want %+v",
				tt.n, tt.shard, tt.shards, back.Done(), back.Subproblems(), got, err, want)
		}
		if final.Done() != final.Subproblems() || final.Counts() != want {
			t.Errorf("n=%d: the last state saved holds %d of %d done and %+v, want all and %+v",
				tt.n, final.Done(), final.Subproblems(), final.Counts(), want)
		}
		// A finished state gives the counts again at once.
		job.Resume = &final
		if again, err := job.Count(context.Background()); err != nil || again != want {
			t.Errorf("n=%d resumed from a finished state: %+v, %v; want %+v", tt.n, again, err, want)
		}
	}
}

func TestResumeRefused(t *testing.T) {
	state := stopAfterSaves(t, Job{N: 14, Index: 0, Of: 2}, 10)
	plan := state
	plan.plan = PlanVersion - 1
	nothingDone := State{plan: state.plan, state: state.state.Clone()}
	clear(nothingDone.state.Done)
	uniqueEarly := State{plan: state.plan, state: state.state.Clone()}
	uniqueEarly.state.Counts = engine.Counts{Total: 7, Unique: 1}
	for _, tt := range []struct {
		name  string
		job   Job
		state State
		want  string
	}{
		{"another n", Job{N: 15, Of: 2}, state, "a state of n=14, but this count is of n=15"},
		{"another shard", Job{N: 14, Index: 1, Of: 2}, state, "a state of shard 0 of 2, but this count is of shard 1 of 2"},
		{"another split", Job{N: 14, Of: 3}, state, "a state of shard 0 of 2, but this count is of shard 0 of 3"},
		{"another kind", Job{N: 14, Of: 2, Recount: true}, state, "a state of a count, but this is a recount by backtracking"},
		{"a recount by the join", Job{N: 14, Of: 2, Recount: true, RecountBy: ByJoin}, state, "a state of a count, but this is a recount by the join"},
		{"another plan", Job{N: 14, Of: 2}, plan, "split plan"},
	} {
		// CheckResume says so before a count starts, and the count as well.
		if err := tt.job.CheckResume(tt.state); !errors.Is(err, ErrStateMismatch) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: CheckResume: %v, want ErrStateMismatch saying %q", tt.name, err, tt.want)
		}
		tt.job.Resume = &tt.state
		_, err := tt.job.Count(context.Background())
		if !errors.Is(err, ErrStateMismatch) || errors.Is(err, ErrJob) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error = %v, want ErrStateMismatch saying %q", tt.name, err, tt.want)
		}
	}
	if err := (Job{N: 14, Of: 2}).CheckResume(state); err != nil {
		t.Errorf("CheckResume of its own count: %v, want nil", err)
	}
	for _, tt := range []struct {
		name  string
		state State
		is    error
		want  string
	}{
		{"the zero State", State{}, ErrJob, "the zero State"},
		{"counts with nothing done", nothingDone, ErrState, "with no subproblem done"},
		{"a join's unique count before its end", uniqueEarly, ErrState, "from a join before its end"},
	} {
		_, err := Job{N: 14, Of: 2, Resume: &tt.state}.Count(context.Background())
		if !errors.Is(err, tt.is) || errors.Is(err, ErrStateMismatch) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error = %v, want %v saying %q", tt.name, err, tt.is, tt.want)
		}
	}
	boom := errors.New("disk full")
	fails := func(State) error { return boom }
	if c, err := (Job{N: 10, SaveEvery: time.Hour, Save: fails}).Count(context.Background()); !errors.Is(err, boom) || c != golden(10) {
		t.Errorf("a finished count whose last save fails: %+v, %v; want %+v and the save's error", c, err, golden(10))
	}
	if c, err := (Job{N: 16, Workers: 1, SaveEvery: time.Millisecond, Save: fails}).Count(context.Background()); !errors.Is(err, boom) || c != (Counts{}) {
		t.Errorf("a count whose first save fails: %+v, %v; want no counts and the save's error", c, err)
	}
}

// TestResumePast64 resumes a real state whose Total is forged to just
// under 2^64, as a whole count of 29 would reach, and wants the count to
// stop with nqueens.ErrOverflow when its Total passes 2^64, not to wrap.
func TestResumePast64(t *testing.T) {
	state := stopAfterSaves(t, Job{N: 16, Workers: 1}, 10)
	state.state.Counts.Total = math.MaxUint64 - 8000
	got, err := Job{N: 16, Workers: 1, Resume: &state}.Count(context.Background())
	if !errors.Is(err, nqueens.ErrOverflow) || !strings.HasPrefix(err.Error(), "shard: ") || !strings.Contains(err.Error(), "2^64") || got != (Counts{}) {
		t.Errorf("a count resumed with a Total of 2^64 - 8001: %+v, %v; want nqueens.ErrOverflow, past 2^64", got, err)
	}
}

// TestSavesAfterCancel wants one save, and no more, after a cancel, even
// with saves slower than their interval, and the call back within that
// one save and cancelBound.
func TestSavesAfterCancel(t *testing.T) {
	const slow = 50 * time.Millisecond
	for range 3 {
		ctx, cancel := context.WithCancel(context.Background())
		var cancelled time.Time
		saves, after := 0, 0
		save := func(State) error {
			if saves++; !cancelled.IsZero() {
				after++
			}
			time.Sleep(slow)
			if saves == 3 {
				cancelled = time.Now()
				cancel()
			}
			return nil
		}
		_, err := Job{N: 18, Workers: 1, SaveEvery: slow / 4, Save: save}.Count(ctx)
		late, bound := time.Since(cancelled), slow+cancelBound
		if !errors.Is(err, context.Canceled) || after != 1 || late > bound {
			t.Errorf("a slow save every %v, cancelled: %v, %d saves after the cancel, back %v after it; want one save and back within %v",
				slow/4, err, after, late, bound)
		}
	}
}

// TestCancelAtTheEnd cancels counts from their saves near their end, so
// that a cancel and the last task often come together: whichever wins,
// every state saved must resume to the exact counts.
func TestCancelAtTheEnd(t *testing.T) {
	for _, n := range []int{13, 14} { // constellations, and the join
		cancelAtTheEnd(t, n)
	}
}

// cancelAtTheEnd is TestCancelAtTheEnd on the n×n board. A state's counts
// name its count, and hold a unique count only once it is done.
func cancelAtTheEnd(t *testing.T, n int) {
	want := golden(n)
	for trial := range 20 {
		ctx, cancel := context.WithCancel(context.Background())
		var last State
		got, err := Job{N: n, Workers: 2, SaveEvery: 50 * time.Microsecond, Save: func(s State) error {
			last = s
			if s.Done() >= s.Subproblems()-trial {
				cancel()
			}
			return nil
		}}.Count(ctx)
		cancel()
		if err == nil && got != want || err != nil && !errors.Is(err, context.Canceled) {
			t.Fatalf("trial %d: %+v, %v; want %+v or context.Canceled", trial, got, err, want)
		}
		if c := last.Counts(); c.Shard != want.Shard || (c.Unique != 0) != (last.Done() == last.Subproblems()) {
			t.Fatalf("trial %d: the last state saved, %d of %d done, counts %+v: want its shard, and Unique once done", trial, last.Done(), last.Subproblems(), c)
		}
		var back State
		if err := back.UnmarshalBinary(forge(last)); err != nil {
			t.Fatalf("trial %d: the last state saved, %d of %d done with %+v, reads back as %v", trial, last.Done(), last.Subproblems(), last.Counts(), err)
		}
		if c, err := (Job{N: n, Resume: &back}).Count(context.Background()); err != nil || c != want {
			t.Fatalf("trial %d: resumed from %d of %d done: %+v, %v; want %+v", trial, back.Done(), back.Subproblems(), c, err, want)
		}
	}
}

func TestStateBytes(t *testing.T) {
	state := stopAfterSaves(t, Job{N: 14}, 10)
	good, _ := state.MarshalBinary()
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)/2] ^= 1
	for _, tt := range []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "empty"},
		{"another kind", []byte(`{"n": 13}`), "not a state"},
		{"cut short", good[:20], "cut short"},
		{"cut in the bits", good[:len(good)-1], "checksum mismatch"},
		{"a flipped bit", flipped, "checksum mismatch"},
		{"counts with nothing done", forge(State{plan: PlanVersion, state: engine.State{N: 13, Shards: 1, Subproblems: 70, Done: engine.Bitset{0, 0}, Counts: engine.Counts{Total: 8, Unique: 1}}}), "with no subproblem done"},
		{"unique above total", forge(State{plan: PlanVersion, state: engine.State{N: 13, Shards: 1, Subproblems: 70, Done: engine.Bitset{1, 0}, Counts: engine.Counts{Total: 1, Unique: 2}}}), "cannot go together"},
		{"total above 8 unique", forge(State{plan: PlanVersion, state: engine.State{N: 13, Shards: 1, Subproblems: 70, Done: engine.Bitset{1, 0}, Counts: engine.Counts{Total: 17, Unique: 2}}}), "cannot go together"},
		{"a small board's counts in shard 1", forge(State{plan: PlanVersion, state: engine.State{N: 1, Shard: 1, Shards: 2, Counts: engine.Counts{Total: 1, Unique: 1}}}), "with no subproblem done"},
		{"not base64", []byte("!"), "not base64"},
	} {
		var s State
		err := s.UnmarshalBinary(tt.b)
		if tt.name == "not base64" {
			err = s.UnmarshalText(tt.b)
		}
		if !errors.Is(err, ErrState) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error = %v, want ErrState saying %q", tt.name, err, tt.want)
		}
	}
}

// forge returns the bytes of s with a right checksum, as anyone can write.
func forge(s State) []byte {
	b, _ := s.MarshalBinary()
	return b
}

// TestStateText keeps a State whole through encoding/json, whose fields it
// would drop without MarshalText.
func TestStateText(t *testing.T) {
	state := stopAfterSaves(t, Job{N: 14, Index: 1, Of: 2}, 10)
	b, err := json.Marshal(map[string]State{"state": state})
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]State
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("json.Unmarshal of %s: %v", b, err)
	}
	if diff := cmp.Diff(state, back["state"], cmp.AllowUnexported(State{})); diff != "" {
		t.Errorf("a State through JSON (-want +got):\n%s", diff)
	}
	small := State{plan: PlanVersion, state: engine.State{N: 1, Shards: 1, Counts: golden(1).engine()}}
	var s State
	if err := s.UnmarshalBinary(forge(small)); err != nil {
		t.Errorf("the state of the 1×1 board: %v", err)
	}
}

func FuzzState(f *testing.F) {
	state := State{plan: PlanVersion, state: engine.State{N: 13, Shards: 1, Subproblems: 70, Done: engine.Bitset{5, 1}, Counts: engine.Counts{Total: 8, Unique: 1}}}
	good, _ := state.MarshalBinary()
	f.Add(good)
	f.Fuzz(func(t *testing.T, b []byte) {
		var s State
		if s.UnmarshalBinary(b) != nil {
			return
		}
		again, _ := s.MarshalBinary()
		if string(again) != string(b) {
			t.Errorf("a State read back writes other bytes")
		}
	})
}

// TestStateVersion2 reads a State of the format before recounts, which
// holds a count.
func TestStateVersion2(t *testing.T) {
	s := stopAfterSaves(t, Job{N: 14, Index: 1, Of: 2}, 10)
	b, _ := s.MarshalBinary()
	// Version 3 is version 2 with a last field, the kind, before the bits.
	var v2 []byte
	v2 = append(v2, StateHeader...)
	v2 = append(v2, stateV2)
	rest := b[len(stateHead) : len(b)-stateSum]
	for range fieldKind {
		_, n := binary.Uvarint(rest)
		v2 = append(v2, rest[:n]...)
		rest = rest[n:]
	}
	if _, n := binary.Uvarint(rest); n != 1 || rest[0] != 0 {
		t.Fatalf("the kind of a count's State is %v, want one byte 0", rest[:n])
	}
	// Version 4 is version 3 with the kernels after the kind.
	size, n := binary.Uvarint(rest[1:])
	if got := string(rest[1+n:][:size]); got != Kernels() {
		t.Fatalf("a State of format 4 holds the kernels %q, want %q", got, Kernels())
	}
	v2 = append(v2, rest[1+n+int(size):]...)
	sum := sha256.Sum256(v2)
	v2 = append(v2, sum[:stateSum]...)
	var back State
	if err := back.UnmarshalBinary(v2); err != nil {
		t.Fatal(err)
	}
	// Its kernels were not recorded.
	s.kernels = "unknown"
	if diff := cmp.Diff(s, back, cmp.AllowUnexported(State{})); diff != "" {
		t.Errorf("a State of format 2 (-want +got):\n%s", diff)
	}
}

// TestKernelsNamed wants a count resumed from a State of other kernels
// to name both, a State to keep its kernels through its bytes, and
// bytes of kernels that no count names to be refused.
func TestKernelsNamed(t *testing.T) {
	s := stopAfterSaves(t, Job{N: 14, Index: 1, Of: 2}, 10)
	if got := s.Counts().Kernels; got != Kernels() {
		t.Errorf("a State's counts name the kernels %q, want %q", got, Kernels())
	}
	other := "match=neon pairs=go transpose=go tail=go"
	s.kernels = other
	b, _ := s.MarshalBinary()
	var back State
	if err := back.UnmarshalBinary(b); err != nil || back.kernels != other {
		t.Fatalf("a State of kernels %q read back: %q, %v", other, back.kernels, err)
	}
	got, err := Job{N: 14, Index: 1, Of: 2, Resume: &back}.Count(context.Background())
	if want := other + "; " + Kernels(); err != nil || got.Kernels != want {
		t.Errorf("a count resumed from a State of other kernels names %q, %v; want %q", got.Kernels, err, want)
	}
	s.kernels = "match=avx2"
	b, _ = s.MarshalBinary()
	if err := back.UnmarshalBinary(b); !errors.Is(err, ErrState) || !strings.Contains(err.Error(), "names no kernels") {
		t.Errorf("a State of kernels %q read back: %v, want ErrState saying they name no kernels", s.kernels, err)
	}
}

// TestRecountState wants a recount of each method and a count to refuse
// each other's states, and a recount to resume its own.
func TestRecountState(t *testing.T) {
	plain := Job{N: 14, Of: 2, Recount: true, RecountBy: ByBacktracking, Workers: 1}
	joined := Job{N: 14, Of: 2, Recount: true, RecountBy: ByJoin, Workers: 1}
	states := map[string]State{
		"count":                   stopAfterSaves(t, Job{N: 14, Of: 2, Workers: 1}, 10),
		"recount by backtracking": stopAfterSaves(t, plain, 10),
		"recount by the join":     stopAfterSaves(t, joined, 10),
	}
	jobs := map[string]Job{"count": {N: 14, Of: 2, Workers: 1}, "recount by backtracking": plain, "recount by the join": joined}
	want, err := Job{N: 14, Of: 2}.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for kind, s := range states {
		for other, job := range jobs {
			job.Resume = &s
			got, err := job.Count(context.Background())
			if kind == other {
				want := want
				if job.Recount {
					want.Kernels = "" // a recount's are not named
				}
				if err != nil || got != want {
					t.Errorf("a %s resumed = %+v, %v; want the count's %+v", kind, got, err, want)
				}
				continue
			}
			if msg := "a state of a " + kind + ", but this is a " + other; !errors.Is(err, ErrStateMismatch) || !strings.Contains(err.Error(), msg) {
				t.Errorf("a %s resumed from a %s's state: %v, want ErrStateMismatch saying %q", other, kind, err, msg)
			}
		}
		b, _ := s.MarshalBinary()
		var back State
		if err := back.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		if recount, by := back.Recount(); recount != (kind != "count") || recount && by.String() != strings.TrimPrefix(kind, "recount ") {
			t.Errorf("a %s's State read back: recount %v %v", kind, recount, by)
		}
	}
}

// TestResumeSaved resumes States that an earlier build saved midway, in
// format 4 and plan 4 (testdata), and wants each count to end as a
// count from the start does: a change of the engine must keep the
// checkpoints of counts under way, or change PlanVersion.
func TestResumeSaved(t *testing.T) {
	for _, tt := range []struct {
		file string
		job  Job
	}{
		{"join-14-shard-1-of-2.state", Job{N: 14, Index: 1, Of: 2}},
		{"constellations-13.state", Job{N: 13}},
		{"recount-join-17-shard-2-of-3.state", Job{N: 17, Index: 2, Of: 3, Recount: true, RecountBy: ByJoin}},
	} {
		b, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		var s State
		if err := s.UnmarshalBinary(b); err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		if s.Done() == 0 || s.Done() == s.Subproblems() {
			t.Fatalf("%s: %d of %d subproblems done, want a count midway", tt.file, s.Done(), s.Subproblems())
		}
		want, err := tt.job.Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		job := tt.job
		job.Resume = &s
		got, err := job.Count(context.Background())
		if err != nil || got.Total != want.Total || got.Unique != want.Unique {
			t.Errorf("%s resumed: %+v, %v; want %+v", tt.file, got, err, want)
		}
	}
}
