package shard

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/internal/engine"
	"github.com/gonqueens/nqueens/internal/nqtest"
)

// long runs the long tests: larger boards, and the tests of time.
var long = nqtest.Long

// cancelBound is how late a cancelled count may return: seconds by
// default, the milliseconds the docs promise with -nqueens.long.
var cancelBound = nqtest.CancelBound()

// golden returns the counts of the whole n×n board that Count returns,
// from OEIS: shard 0 of 1.
func golden(n int) Counts {
	return Counts{Total: nqtest.Total[n], Unique: nqtest.Unique[n], Invariant90: nqtest.Invariant90[n], Invariant180: nqtest.Invariant180(n),
		Shard: ID{N: n, Index: 0, Of: 1, Plan: PlanVersion}, Kernels: Kernels()}
}

// TestConstants ties the package's constants, written out for its
// documentation, to the engine's.
func TestConstants(t *testing.T) {
	if DefaultMemoryLimit != engine.DefaultMemoryLimit {
		t.Errorf("DefaultMemoryLimit %d, the engine's %d", DefaultMemoryLimit, engine.DefaultMemoryLimit)
	}
}

// TestRecountKernels wants a recount by the join on none of the
// kernels that made the counts it checks, refused where the processor
// has no others, on the Go kernels for counts of kernels unknown, and
// its counts those of the count.
func TestRecountKernels(t *testing.T) {
	job := Job{N: 16, Index: 1, Of: 2, Recount: true, RecountBy: ByJoin, Workers: 1}
	want, err := Job{N: 16, Index: 1, Of: 2}.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got, err := job.RecountKernels(); err != nil || got != "match=go pairs=go transpose=go" {
		t.Errorf("RecountKernels of counts of kernels unknown = %q, %v; want the Go kernels", got, err)
	}
	job.CountedOn = want.Kernels
	own := strings.Fields(want.Kernels)[0]
	got, err := job.RecountKernels()
	switch {
	case errors.Is(err, ErrKernels) && own == "match=go":
		t.Logf("a build of the Go kernels alone: %v", err)
		if _, err := job.Count(context.Background()); !errors.Is(err, ErrKernels) {
			t.Errorf("a recount on the kernels that counted: %v, want ErrKernels", err)
		}
	case err != nil || strings.Contains(got, own):
		t.Errorf("RecountKernels of counts made on %s = %q, %v; want other matching kernels", want.Kernels, got, err)
	default:
		c, err := job.Count(context.Background())
		want.Kernels = ""
		if err != nil || c != want {
			t.Errorf("the recount on %s = %+v, %v; want %+v", got, c, err, want)
		}
	}
	job.CountedOn = "match=go pairs=go transpose=go tail=go; " + Kernels()
	for _, set := range []string{"avx512", "avx2", "neon"} {
		job.CountedOn += fmt.Sprintf("; match=%s pairs=%s transpose=%s tail=bmi2", set, set, set)
	}
	if got, err := job.RecountKernels(); !errors.Is(err, ErrKernels) {
		t.Errorf("RecountKernels of counts made on every kernel = %q, %v; want ErrKernels", got, err)
	}
	// A count resumed from a State of kernels unknown, on the Go ones:
	// the recount cannot take the Go ones for the unknown part.
	job.CountedOn = "unknown; match=go pairs=go transpose=go tail=go"
	if got, err := job.RecountKernels(); !errors.Is(err, ErrKernels) {
		t.Errorf("RecountKernels of counts made on kernels unknown and the Go ones = %q, %v; want ErrKernels", got, err)
	}
	job.CountedOn = "unknown; match=avx2 pairs=avx2 transpose=avx2 tail=bmi2"
	if got, err := job.RecountKernels(); err != nil || got != "match=go pairs=go transpose=go" {
		t.Errorf("RecountKernels of counts made on kernels unknown and AVX2 = %q, %v; want the Go kernels", got, err)
	}
	for _, bad := range []string{"avx2", "unknown; avx2", "match=go pairs=go transpose=go tail=go;match=go"} {
		job.CountedOn = bad
		if _, err := job.Count(context.Background()); !errors.Is(err, ErrJob) {
			t.Errorf("a recount of counts made on kernels %q: %v, want ErrJob", job.CountedOn, err)
		}
	}
	job.CountedOn = "avx2"
	if _, err := job.Count(context.Background()); !errors.Is(err, ErrJob) {
		t.Errorf("a recount of counts made on kernels %q: %v, want ErrJob", job.CountedOn, err)
	}
}

// TestWhole counts whole boards, of every method, on one and two workers,
// and wants every count of OEIS, the shard named 0 of 1.
func TestWhole(t *testing.T) {
	for n := range 15 {
		for _, k := range []int{1, 2} {
			got, err := Job{N: n, Workers: k}.Count(context.Background())
			if want := golden(n); err != nil || got != want {
				t.Errorf("Job{N: %d, Workers: %d}.Count = %+v, %v; want %+v", n, k, got, err, want)
			}
		}
	}
}

// TestShardsAddUp counts boards in shards, split by both engines, and
// wants the shards' counts to add up to the whole board's through Sum,
// in any order. A shard of more than one has no unique count.
func TestShardsAddUp(t *testing.T) {
	cases := []struct{ n, k int }{
		{0, 1}, {0, 7}, {1, 1}, {1, 3}, {5, 2}, {8, 7}, {8, 1000},
		{11, 1}, {11, 7}, {11, 64}, {13, 3}, {14, 2}, {14, 5000}, {15, 3},
	}
	if !testing.Short() {
		cases = append(cases, []struct{ n, k int }{{16, 3}, {16, 64}, {17, 7}}...)
	}
	for _, tt := range cases {
		n, k := tt.n, tt.k
		counts := make([]Counts, k)
		for i := range k {
			c, err := Job{N: n, Index: i, Of: k, Workers: 2}.Count(context.Background())
			if err != nil {
				t.Fatalf("Job{N: %d, Index: %d, Of: %d}.Count: %v", n, i, k, err)
			}
			if want := (ID{N: n, Index: i, Of: k, Plan: PlanVersion}); c.Shard != want {
				t.Errorf("Job{N: %d, Index: %d, Of: %d}.Count counted %v, want %v", n, i, k, c.Shard, want)
			}
			if k > 1 && c.Unique != 0 {
				t.Errorf("Job{N: %d, Index: %d, Of: %d}.Count = %+v: a shard with a unique count", n, i, k, c)
			}
			counts[i] = c
		}
		slices.Reverse(counts)
		if sum, err := Sum(counts); err != nil || !sameCounts(sum, golden(n)) {
			t.Errorf("n=%d: %d shards add up to %v, %v; want %+v", n, k, sum, err, golden(n))
		}
	}
}

// TestSumRefuses gives Sum sets of counts that are not the shards of one
// split once each, or that no split makes, and wants the error to say
// which.
func TestSumRefuses(t *testing.T) {
	count := func(n, i, k int) Counts {
		c, err := Job{N: n, Index: i, Of: k}.Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	var p []Counts // the 4 shards of 14
	for i := range 4 {
		p = append(p, count(14, i, 4))
	}
	forged := slices.Clone(p)
	forged[1].Shard.Index = 4
	otherPlan := slices.Clone(p)
	otherPlan[3].Shard.Plan++
	oneOff := slices.Clone(p)
	oneOff[2].Total++
	allOtherPlan := slices.Clone(p)
	for i := range allOtherPlan {
		allOtherPlan[i].Shard.Plan = 99
	}
	// Eight solutions more keep Burnside's lemma: one class more.
	eightMore := slices.Clone(p)
	eightMore[2].Total += 8
	wrongUnique := golden(12)
	wrongUnique.Unique++
	quarter := golden(12)
	quarter.Invariant90 = quarter.Invariant180 + 1
	byHand := golden(14)
	byHand.Shard = ID{}
	lone := count(1, 0, 1) // n = 1, of one solution
	lone.Total, lone.Unique, lone.Invariant90, lone.Invariant180 = 5, 5, 5, 5
	none := count(3, 1, 2) // n = 3, of none
	none.Total, none.Invariant180 = 8, 8
	for _, tt := range []struct {
		name    string
		shards  []Counts
		want    error
		at      []int
		problem string
		missing []int
	}{
		{"no shards", nil, ErrSet, nil, "no shards", nil},
		{"counts made by hand", []Counts{byHand}, ErrSet, []int{0}, "names no shard", nil},
		{"a shard twice", []Counts{p[0], p[1], p[2], p[1]}, ErrSet, []int{1, 3}, "are both n=14 shard 1 of 4", nil},
		{"a shard twice, one missing", []Counts{p[0], p[0], p[2], p[3]}, ErrSet, []int{0, 1}, "are both", nil},
		{"a shard missing", []Counts{p[3], p[0], p[2]}, ErrSet, nil, "1 of 4 shards missing: 1", []int{1}},
		{"shards missing", p[:1], ErrSet, nil, "3 of 4 shards missing: 1-3", []int{1, 2, 3}},
		{"another n", []Counts{p[0], p[1], p[2], count(15, 3, 4)}, ErrSet, []int{0, 3}, "n=15 shard 3 of 4", nil},
		{"another k", []Counts{p[0], p[1], p[2], count(14, 3, 5)}, ErrSet, []int{0, 3}, "n=14 shard 3 of 5", nil},
		{"another plan", otherPlan, ErrSet, []int{0, 3}, "different splits", nil},
		{"a shard out of its split", forged, ErrSet, []int{1}, "names no shard", nil},
		{"every shard of another plan", allOtherPlan, ErrSet, []int{0}, "is of split plan 99", nil},
		{"a total one off", oneOff, ErrCounts, nil, "", nil},
		{"a total eight off", eightMore, ErrCounts, nil, "add up to a total of 365604 and 45753 unique, but the board has 365596 and 45752", nil},
		{"a unique count that Burnside's lemma refuses", []Counts{wrongUnique}, ErrCounts, nil, "", nil},
		{"more fixed by a quarter turn than by a half turn", []Counts{quarter}, ErrCounts, nil, "", nil},
		{"5 solutions of n=1", []Counts{lone}, ErrCounts, nil, "", nil},
		{"8 solutions of n=3", []Counts{count(3, 0, 2), none}, ErrCounts, nil, "", nil},
	} {
		sum, err := Sum(tt.shards)
		if !errors.Is(err, tt.want) || sum != (Whole{}) {
			t.Errorf("%s: Sum = %+v, %v; want %v", tt.name, sum, err, tt.want)
			continue
		}
		if tt.want != ErrSet {
			if !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("%s: Sum: %v, want it to say %q", tt.name, err, tt.problem)
			}
			continue
		}
		var e *SetError
		if !errors.As(err, &e) || !slices.Equal(e.At, tt.at) || !strings.Contains(e.Problem, tt.problem) || !slices.Equal(e.Missing, tt.missing) {
			t.Errorf("%s: Sum: %#v, want At %v, Missing %v and a problem with %q", tt.name, err, tt.at, tt.missing, tt.problem)
		}
	}
	if sum, err := Sum(p); err != nil || !sameCounts(sum, golden(14)) {
		t.Errorf("Sum of the 4 shards of 14 = %v, %v; want %+v", sum, err, golden(14))
	}
	if got := (*SetError)(nil).Error(); !strings.HasPrefix(got, "shard: ") {
		t.Errorf("the nil *SetError says %q, want a message of the package", got)
	}
}

// sameCounts reports whether w holds the counts of c, and names its
// shard.
func sameCounts(w Whole, c Counts) bool {
	return w.Shard == c.Shard && w.Total.IsUint64() && w.Total.Uint64() == c.Total && w.Unique.IsUint64() && w.Unique.Uint64() == c.Unique &&
		w.Invariant90.IsUint64() && w.Invariant90.Uint64() == c.Invariant90 && w.Invariant180.IsUint64() && w.Invariant180.Uint64() == c.Invariant180
}

// TestSumPast64 adds up shards whose sums pass 2^64, as the 8 shards of
// a board of 29 do, whose Total is about 2.6·10^19, and wants the exact
// sums, worked out here with math/big.
func TestSumPast64(t *testing.T) {
	shards := past64Shards(29, 8)
	total, inv90, inv180 := new(big.Int), new(big.Int), new(big.Int)
	for _, c := range shards {
		total.Add(total, new(big.Int).SetUint64(c.Total))
		inv90.Add(inv90, new(big.Int).SetUint64(c.Invariant90))
		inv180.Add(inv180, new(big.Int).SetUint64(c.Invariant180))
	}
	if total.IsUint64() {
		t.Fatalf("the shards' total %v fits in 64 bits: no test of a sum past them", total)
	}
	// Burnside's lemma: (Total + Invariant180 + 2·Invariant90) / 8.
	unique := new(big.Int).Add(total, inv180)
	unique.Add(unique, inv90).Add(unique, inv90).Rsh(unique, 3)
	got, err := Sum(shards)
	if err != nil {
		t.Fatalf("Sum of 8 shards of 29: %v", err)
	}
	for _, c := range []struct {
		name      string
		got, want *big.Int
	}{{"Total", got.Total, total}, {"Unique", got.Unique, unique}, {"Invariant90", got.Invariant90, inv90}, {"Invariant180", got.Invariant180, inv180}} {
		if c.got.Cmp(c.want) != 0 {
			t.Errorf("Sum of 8 shards of 29: %s %v, want %v", c.name, c.got, c.want)
		}
	}
	shards[3].Total++
	if _, err := Sum(shards); !errors.Is(err, ErrCounts) {
		t.Errorf("Sum of 8 shards of 29, one a solution off: %v, want ErrCounts", err)
	}
}

// past64Shards returns counts of the k shards of the n×n board as a
// count could make them, whose Total adds up past 2^64 and whose sums
// Burnside's lemma takes: a shard's Total about 2.6·10^19 / k, and each
// shard's invariant counts as small as a real board's.
func past64Shards(n, k int) []Counts {
	shards := make([]Counts, k)
	for i := range shards {
		shards[i] = Counts{Total: uint64(2.6e19/float64(k)) + uint64(i)*1001, Invariant90: uint64(i) * 3, Invariant180: uint64(i) * 70,
			Shard: ID{N: n, Index: i, Of: k, Plan: PlanVersion}}
	}
	// The sum must be a multiple of 8: the last shard's Total makes it so.
	var sum uint64 // modulo 2^64, a multiple of 8
	for _, c := range shards {
		sum += c.Total + c.Invariant180 + 2*c.Invariant90
	}
	shards[k-1].Total += (8 - sum%8) % 8
	return shards
}

// TestJobRefused gives Count jobs with a field out of range, and wants
// each refused with an error that says which, before anything is counted.
func TestJobRefused(t *testing.T) {
	for _, tt := range []struct {
		job  Job
		is   error
		want string
	}{
		{Job{N: -1}, nqueens.ErrBoardSize, "board size -1 out of range [0, 64]"},
		{Job{N: 65}, nqueens.ErrBoardSize, "board size 65 out of range [0, 64]"},
		{Job{N: 8, Of: -1}, ErrJob, "-1 shards"},
		{Job{N: 8, Index: 3, Of: 3}, ErrJob, "shard 3 of 3, want 0 to 2"},
		{Job{N: 8, Index: -1, Of: 3}, ErrJob, "shard -1 of 3"},
		{Job{N: 8, Of: MaxShards + 1}, ErrJob, "1048577 shards"},
		{Job{N: 8, Workers: -1}, ErrJob, "-1 workers"},
		{Job{N: 8, MemoryLimit: -1}, ErrJob, "memory limit of -1 bytes"},
		{Job{N: 8, SaveEvery: -time.Second, Save: func(State) error { return nil }}, ErrJob, "save every -1s"},
		{Job{N: 8, Resume: &State{}}, ErrJob, "the zero State"},
		{Job{N: 8, Recount: true, RecountBy: ByBacktracking + 1}, ErrJob, "recount by method 3"},
	} {
		c, err := tt.job.Count(context.Background())
		if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.want) || c != (Counts{}) {
			t.Errorf("%+v: Count = %+v, %v; want %v saying %q", tt.job, c, err, tt.is, tt.want)
		}
		if _, err := tt.job.EstimateMemory(); tt.job.Resume == nil && !errors.Is(err, tt.is) {
			t.Errorf("%+v: EstimateMemory: %v, want %v", tt.job, err, tt.is)
		}
	}
	var nilCtx context.Context
	if c, err := (Job{N: 8}).Count(nilCtx); !errors.Is(err, nqueens.ErrNilContext) || c != (Counts{}) {
		t.Errorf("Count(nil) = %+v, %v; want nqueens.ErrNilContext", c, err)
	}
}

// TestRecountMethod wants ByCost to pick the join for a shard of more
// than about a million solutions that the join counts, and every method
// to recount by backtracking a board that the join does not count.
func TestRecountMethod(t *testing.T) {
	for _, tt := range []struct {
		job  Job
		want RecountMethod
	}{
		{Job{N: 20, Of: 256}, ByJoin},
		{Job{N: 16, Of: 2}, ByJoin},
		{Job{N: 16, Of: 100}, ByBacktracking}, // 1.4·10^5 solutions by estimate
		{Job{N: 20, Of: 256, RecountBy: ByBacktracking}, ByBacktracking},
		{Job{N: 16, Of: 100, RecountBy: ByJoin}, ByJoin},
		{Job{N: 12, Of: 3, RecountBy: ByJoin}, ByBacktracking},
		{Job{N: 15, RecountBy: ByJoin}, ByBacktracking},
		{Job{N: 17, RecountBy: ByJoin}, ByJoin},
	} {
		if got := tt.job.RecountMethod(); got != tt.want {
			t.Errorf("%+v: RecountMethod() = %v, want %v", tt.job, got, tt.want)
		}
	}
}

// TestCancelMemoryLook wants a count whose memory the plan looks at
// closely, counting the quarters of its splits for seconds, to stop
// with the cancel.
func TestCancelMemoryLook(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	// The splits of a shard of 25 in 10,000 have more quarters than the
	// look counts: 2^29 squares tried, seconds, before it gives up.
	_, err := Job{N: 25, Index: 0, Of: 10000, Workers: 1, MemoryLimit: 1 << 20}.Count(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a count of 25 cancelled while its plan counts quarters: error = %v, want context.Canceled", err)
	}
	if late := time.Since(start) - 20*time.Millisecond; late > cancelBound {
		t.Errorf("a count of 25 returned %v after cancel", late)
	}
}

// TestCancelPlanning cancels a count while it is still listing the
// subproblems of a large split of constellations: of n = 34, the least
// board the join does not take.
func TestCancelPlanning(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	_, err := Job{N: 34, Index: 5, Of: MaxShards}.Count(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a count of 34 cancelled while planning: error = %v, want context.Canceled", err)
	}
	if late := time.Since(start) - 20*time.Millisecond; late > cancelBound {
		t.Errorf("a count of 34 returned %v after cancel", late)
	}
}

// reportEvery is how often a count reports its progress: about ten times
// a second.
const reportEvery = 100 * time.Millisecond

// reportBound is how late a first report may come. A count that does not
// report while it plans reports only after seconds, which a bound of
// seconds catches on any machine; with -nqueens.long, on a machine that
// runs nothing else, the bound is a few reports' time.
var reportBound = func() time.Duration {
	if *long {
		return nqtest.Slowdown * 5 * reportEvery
	}
	return 5 * time.Second
}()

// TestProgressPlanning: a count reports while it lists a large split of
// constellations, before any subproblem exists, and a panic there stops
// the planning.
func TestProgressPlanning(t *testing.T) {
	// The timeout only keeps a regression from counting n = 34.
	ctx, cancel := context.WithTimeout(context.Background(), nqtest.Slowdown*10*time.Second)
	defer cancel()
	var first time.Duration
	start := time.Now()
	_, err := Job{N: 34, Index: 1, Of: MaxShards, Progress: func(p nqueens.Progress) {
		if first == 0 {
			first = time.Since(start)
			if p.Subproblems != 1 || p.Done != 0 || p.Fraction() != 0 {
				t.Errorf("report while planning %+v, want 0 of 1 done", p)
			}
			cancel()
		}
	}}.Count(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a count of 34 cancelled from its first report: error = %v", err)
	}
	if first == 0 || first > reportBound {
		t.Errorf("first report after %v while planning, want one within %v", first, reportBound)
	}

	before := runtime.NumGoroutine()
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the callback's panic", r)
			}
		}()
		Job{N: 34, Index: 1, Of: MaxShards, Progress: func(nqueens.Progress) { panic("boom") }}.Count(context.Background())
	}()
	if left := nqtest.Settle(before); left > before {
		t.Errorf("%d goroutines left running after a panic while planning, want %d", left, before)
	}
}

// TestMemoryLimit wants a count over its memory limit refused before it
// starts, and one at its estimate counted.
func TestMemoryLimit(t *testing.T) {
	start := time.Now()
	_, err := Job{N: 24, MemoryLimit: 100 << 20}.Count(context.Background())
	if !errors.Is(err, nqueens.ErrMemory) || !strings.Contains(err.Error(), "counting n=24 on") || time.Since(start) > cancelBound {
		t.Errorf("a count of 24 with 100 MiB: %v after %v, want ErrMemory at once", err, time.Since(start))
	}
	for _, job := range []Job{{N: 8}, {N: 16}, {N: 34, Of: 2}, {N: 18, Of: 7, Recount: true}, {N: 14, Recount: true}} {
		estimate, err := job.EstimateMemory()
		if err != nil {
			t.Fatal(err)
		}
		job.MemoryLimit = estimate - 1
		if _, err := job.Count(context.Background()); !errors.Is(err, nqueens.ErrMemory) {
			t.Errorf("a count of %v, recount %v, with a limit a byte under its estimate of %d: %v, want ErrMemory", job.id(), job.Recount, estimate, err)
		}
	}
	// A shard whose lists of quarters are shorter than the model's longest:
	// its estimate counts them, and so does a count over a cheaper bound.
	job := Job{N: 20, Index: 3, Of: 1000, Workers: 1}
	estimate, err := job.EstimateMemory()
	if err != nil {
		t.Fatal(err)
	}
	job.MemoryLimit = estimate
	if _, err := job.Count(context.Background()); err != nil {
		t.Errorf("a count of 20, shard 3 of 1000, with a limit of its estimate: %v", err)
	}
	job.MemoryLimit = estimate - 1
	if _, err := job.Count(context.Background()); !errors.Is(err, nqueens.ErrMemory) {
		t.Errorf("a count of 20, shard 3 of 1000, with a limit a byte under its estimate: %v, want ErrMemory", err)
	}
	_, err = Job{N: 16, Workers: 1, MemoryLimit: 1000}.Count(context.Background())
	if err == nil || !strings.Contains(err.Error(), "counting n=16 on 1 worker takes about ") || !strings.Contains(err.Error(), "over the limit of 1000 B:") {
		t.Errorf("a count of 16 on 1 worker with 1000 bytes: %v, want the count on 1 worker and the limit in bytes", err)
	}
	// The hint speaks of the count's own time: fewer workers for a shard
	// of minutes, not for a count of decades, and none on one worker.
	for _, tt := range []struct {
		job  Job
		want string
	}{
		{Job{N: 28, Of: 1 << 20, Index: 77777, Workers: 2, MemoryLimit: 1 << 20}, "counting a shard of 1048576 of n=28 on 2 workers takes about "},
		{Job{N: 28, Of: 1 << 20, Index: 77777, Workers: 1, MemoryLimit: 1 << 20}, "over the limit of 1 MiB: raise the limit: one worker takes that much"},
		{Job{N: 28, Workers: 2, MemoryLimit: 1 << 20}, "over the limit of 1 MiB: raise the limit: n=28 takes 27 core-years or more, which fewer workers take longer still"},
	} {
		if runtime.GOMAXPROCS(0) < tt.job.Workers || testing.Short() {
			continue // plans of a shard of 28 take seconds
		}
		_, err := tt.job.Count(context.Background())
		if !errors.Is(err, nqueens.ErrMemory) || !strings.Contains(err.Error(), tt.want) || (tt.job.Of > 1 && tt.job.Workers > 1) != strings.HasSuffix(err.Error(), "or count with fewer workers") {
			t.Errorf("%+v: %v, want ErrMemory saying %q", tt.job.id(), err, tt.want)
		}
	}
}

// TestTimeLeft counts boards fresh, and resumed from a save of a third of
// the way, and wants every estimate of the time left that a count makes
// while a tenth of its time is still ahead within a factor of 1.5 of the
// time it then took, and an estimate from a fifth of the way on. A count
// of one board is one sample of a machine's load: it fails only if it is
// off in three tries, as an estimate that is wrong is every time.
func TestTimeLeft(t *testing.T) {
	if !*long {
		t.Skip("judges estimates of time, which a busy machine skews: -nqueens.long runs it, on a machine that runs nothing else")
	}
	if nqtest.Slowdown > 1 {
		t.Skip("the race detector slows the searches unevenly")
	}
	sizes := []int{18} // half a minute on two cores
	for _, n := range sizes {
		for _, resume := range []bool{false, true} {
			var errs []error
			for range 3 {
				worst, err := timeLeft(n, resume)
				if err == nil {
					t.Logf("n=%d, resumed %v: estimates from %.2f to %.2f times the truth", n, resume, worst[0], worst[1])
					errs = nil
					break
				}
				errs = append(errs, err)
			}
			if errs != nil {
				t.Errorf("n=%d, resumed %v: %v", n, resume, errors.Join(errs...))
			}
		}
	}
}

// timeLeft counts the n×n board with progress reports, resumed from a
// third of the way if resume is set, and reports the first estimate of
// the time left that is off by more than a factor of 1.5, or none from a
// fifth of the way on; else the least and the greatest ratio of an
// estimate to the truth.
func timeLeft(n int, resume bool) (worst [2]float64, err error) {
	job := Job{N: n}
	if resume {
		var saved State
		ctx, cancel := context.WithCancel(context.Background())
		_, err := Job{N: n, SaveEvery: time.Hour, Save: func(s State) error { saved = s; return nil },
			Progress: func(p nqueens.Progress) {
				if 3*p.Done >= p.Subproblems {
					cancel()
				}
			}}.Count(ctx)
		cancel()
		if !errors.Is(err, context.Canceled) {
			return worst, fmt.Errorf("a count stopped a third of the way: %v", err)
		}
		job.Resume = &saved
	}
	var reports []nqueens.Progress
	job.Progress = func(p nqueens.Progress) { reports = append(reports, p) }
	start := time.Now()
	c, err := job.Count(context.Background())
	took := time.Since(start)
	if err != nil || c != golden(n) {
		return worst, fmt.Errorf("a count of %d = %+v, %v", n, c, err)
	}
	worst = [2]float64{1, 1}
	for _, p := range reports {
		left := took - p.Elapsed
		switch {
		case p.Remaining == 0 && p.Elapsed > took/5 && left > took/10:
			return worst, fmt.Errorf("no estimate %v into a count of %v (%d of %d done)", p.Elapsed, took, p.Done, p.Subproblems)
		case p.Remaining != 0 && left > took/10 && (p.Remaining > left*3/2 || p.Remaining < left*2/3):
			return worst, fmt.Errorf("%v into a count of %v (%d of %d done), %v left, estimated %v", p.Elapsed, took, p.Done, p.Subproblems, left, p.Remaining)
		case p.Remaining != 0 && left > took/10:
			r := float64(p.Remaining) / float64(left)
			worst = [2]float64{min(worst[0], r), max(worst[1], r)}
		}
	}
	return worst, nil
}

// TestJoinCounts counts the boards that the join takes, with all their
// counts: the total from the join, the unique count from Burnside's
// lemma. The memory that the runtime holds stays under the estimate all
// along.
func TestJoinCounts(t *testing.T) {
	if !*long {
		t.Skip("counts n = 17 to 20 and a shard of 22: two minutes on two cores; -nqueens.long runs it")
	}
	for _, c := range []struct {
		job  Job
		want Counts
	}{
		{Job{N: 17}, golden(17)},
		{Job{N: 18}, golden(18)},
		{Job{N: 19}, golden(19)},
		{Job{N: 20}, golden(20)},
		// The shard's total as this split (PlanVersion 4) first counted it.
		{Job{N: 22, Index: 777, Of: 1000, Workers: 1}, Counts{Total: 2658781456, Shard: ID{N: 22, Index: 777, Of: 1000, Plan: 4}}},
	} {
		estimate, err := c.job.EstimateMemory()
		if err != nil {
			t.Fatal(err)
		}
		var got Counts
		peak := peakMemory(func() { got, err = c.job.Count(context.Background()) })
		if err != nil || got != c.want {
			t.Errorf("a count of %d = %+v, %v; want %+v", c.job.N, got, err, c.want)
		}
		if peak > uint64(estimate) {
			t.Errorf("a count of %d held %s at its peak, over its estimate of %s", c.job.N, mib(peak), mib(uint64(estimate)))
		}
		t.Logf("n=%d: peak %s, estimate %s", c.job.N, mib(peak), mib(uint64(estimate)))
	}
}

// peakMemory returns the most memory that the runtime held from the heap
// while f ran, read every 10 ms.
func peakMemory(f func()) uint64 {
	runtime.GC()
	done := make(chan uint64)
	stop := make(chan struct{})
	go func() {
		samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		var peak uint64
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(samples)
			peak = max(peak, samples[0].Value.Uint64()-samples[1].Value.Uint64())
			select {
			case <-stop:
				done <- peak
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	return <-done
}

// mib writes a number of bytes in MiB.
func mib(b uint64) string { return fmt.Sprintf("%d MiB", b>>20) }

// TestIDCheck wants an ID that names no shard refused with the package's
// name and ErrJob, and a board size out of range matching
// nqueens.ErrBoardSize too.
func TestIDCheck(t *testing.T) {
	for _, tt := range []struct {
		id   ID
		also error
	}{
		{ID{N: 65, Of: 1, Plan: PlanVersion}, nqueens.ErrBoardSize},
		{ID{N: 8, Of: 1, Plan: 0}, nil},
		{ID{N: 8, Index: 3, Of: 3, Plan: PlanVersion}, nil},
		{ID{N: 8, Of: 0, Plan: PlanVersion}, nil},
	} {
		err := tt.id.Check()
		if err == nil || !errors.Is(err, ErrJob) || !strings.HasPrefix(err.Error(), "shard: ") || tt.also != nil && !errors.Is(err, tt.also) {
			t.Errorf("%v.Check() = %v, want an error of package shard wrapping ErrJob (and %v)", tt.id, err, tt.also)
		}
	}
	if err := (ID{N: 8, Index: 2, Of: 3, Plan: PlanVersion}).Check(); err != nil {
		t.Errorf("n=8 shard 2 of 3: %v", err)
	}
}

// TestHoldMemory wants HoldMemory to hold the runtime under the limit by
// the program's code, and a count that fits the limit only so to be
// taken, and refused without it.
func TestHoldMemory(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOMEMLIMIT holds the runtime's limit")
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	job := Job{N: 20, Index: 3, Of: 1000, Workers: 1}
	need, err := job.EstimateMemory()
	if err != nil {
		t.Fatal(err)
	}
	var me *nqueens.MemoryError
	_, err = Job{N: 20, Index: 3, Of: 1000, Workers: 1, MemoryLimit: 1}.Count(context.Background())
	if !errors.As(err, &me) || me.Need != need || me.Least >= me.Need || me.Limit != 1 || me.N != 20 || me.Shards != 1000 || me.Workers != 1 {
		t.Fatalf("a count over a limit of 1 byte: %v (%+v); want a MemoryError that needs %d", err, me, need)
	}
	least := me.Least
	job.MemoryLimit = least
	if _, err := job.Count(context.Background()); !errors.Is(err, nqueens.ErrMemory) {
		t.Errorf("a count at its least limit, the runtime not held: %v; want ErrMemory", err)
	}
	HoldMemory(least)
	if got := debug.SetMemoryLimit(-1); got >= least || got < least-8<<20 {
		t.Errorf("HoldMemory(%d) held the runtime to %d; want a few MiB less", least, got)
	}
	if got, err := job.EstimateMemory(); err != nil || got > least {
		t.Errorf("the estimate with the runtime held to %d: %d, %v; want at most that", least, got, err)
	}
	if c, err := job.Count(context.Background()); err != nil || c.Total == 0 {
		t.Errorf("a count at its least limit, the runtime held: %v, %v; want it counted", c, err)
	}
}
