package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/gonqueens/nqueens/shard"
)

// verify recounts shard records, each by a recount (shard.Job's Recount)
// by the join another way or by plain backtracking, and compares the
// counts.
func verify(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("verify")
	by := fs.String("by", "cost", "recount by `method`: join (the join again, on other kernels, its tables and sieve another way, where the join counts the board), backtracking (plain backtracking, which shares no code with the join, at hundreds of times the cost), or cost (backtracking for a shard of up to about a million solutions, else the join)")
	sample := fs.Float64("sample", 1, "recount a share `F` of the records, 0 < F <= 1, drawn from the records' contents")
	seed := fs.String("seed", "", "add `text` of your own to the draw of the sample, which the records' maker cannot foresee")
	part := intFlag(fs, "part", 0, "recount only the records drawn whose shard is `i` modulo -parts, so that that many jobs share a sample; without it, with -parts, i comes from "+strings.Join(shardEnv, " or "))
	parts := intFlag(fs, "parts", 1, "split the records drawn into `k` parts by their shards, of which -part names one")
	workers := intFlag(fs, "workers", 0, "search with `k` goroutines at once (0: one a core)")
	checkpoint := fs.String("checkpoint", "", "keep the state of the recount under way in `file`, and go on from it if it is of the same shard")
	every := fs.Duration("checkpoint-every", 5*time.Second, "how often -checkpoint saves")
	progressEvery := progressEveryFlag(fs)
	files, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	from := "-part"
	if *parts > 1 && !flagSet(fs, "part") {
		if *part, from, err = indexFromEnv(getenv, "verify", "part"); err != nil {
			return err
		}
	}
	switch {
	case len(files) == 0:
		return usagef("verify: no files")
	case *parts < 1:
		return usagef("verify: -parts %d: want 1 or more", *parts)
	case *part < 0 || *part >= *parts:
		return usagef("verify: %s %d of %d, want 0 to %d", from, *part, *parts, *parts-1)
	}
	if err := checkVerify(fs, *sample, *workers, *progressEvery, *by, *checkpoint, *every); err != nil {
		return err
	}
	recs, refused, unreadable, err := readAll(ctx, files, stdin)
	if err != nil {
		return err
	}
	faults := slices.Concat(refused, unreadable)
	if err := onceEach(recs); err != nil {
		return err
	}
	drawn, summary, err := drawPart(recs, *sample, *seed, *part, *parts)
	if err != nil {
		return err
	}
	var resume *shard.State
	methods := make(map[string]shard.RecountMethod, len(drawn))
	for _, r := range drawn {
		methods[r.at] = recountBy(*by, r.record)
	}
	rc := recounting{workers: *workers, every: *every, stderr: stderr}
	if *checkpoint != "" {
		if rc.file, err = openCheckpoint(*checkpoint); err != nil {
			return err
		}
		defer rc.file.Close()
		if drawn, resume, err = heldFirst(rc.file, drawn, methods); err != nil {
			return err
		}
	}
	kernels, err := recountKernels(drawn, methods)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "nqueens: verify: recounting %d of %d records\n", len(drawn), len(recs))
	for _, line := range slices.Concat(methodsUsed(methods), kernelsUsed(drawn, kernels)) {
		fmt.Fprintf(stderr, "nqueens: verify: %s\n", line)
	}
	rc.methods, rc.kernels, rc.progressEvery = methods, kernels, *progressEvery
	differ, err := rc.recountAll(ctx, drawn, resume, stdout)
	if err != nil {
		return err
	}
	return verdict(stdout, summary, differ, faults)
}

// verdict writes verify's summary, or returns it as an error if records
// differ, those named in differ, or were refused, as faults say.
func verdict(stdout io.Writer, summary string, differ, faults []string) error {
	if len(differ) > 0 {
		return fmt.Errorf("verify: %s: %d differ: %s: their counts are wrong, count those shards again", summary, len(differ), strings.Join(differ, "; "))
	}
	if len(faults) > 0 {
		return fmt.Errorf("verify: %s, all agree; but records refused or unreadable: %s", summary, strings.Join(faults, "; "))
	}
	_, err := fmt.Fprintf(stdout, "%s: all agree\n", summary)
	return err
}

// drawPart returns the records of recs that verify recounts: a share
// sample of them drawn with seed, and of those, the part part of parts by
// their shards; and the summary of the verdict. A draw of none is an
// error: it checks nothing.
func drawPart(recs []placed, sample float64, seed string, part, parts int) ([]placed, string, error) {
	drawn := draw(recs, sample, seed)
	if len(drawn) == 0 {
		return nil, "", fmt.Errorf("verify: a share %g of %d records drew none, which checks nothing: raise -sample", sample, len(recs))
	}
	if parts == 1 {
		return drawn, fmt.Sprintf("%d of %d records recounted, share %g", len(drawn), len(recs), sample), nil
	}
	all := len(drawn)
	drawn = slices.DeleteFunc(drawn, func(r placed) bool { return r.Shard%parts != part })
	if len(drawn) == 0 {
		return nil, "", fmt.Errorf("verify: part %d of %d draws none of the %d records drawn (it takes those whose shard is %d modulo %d), which checks nothing: split them into fewer parts", part, parts, all, part, parts)
	}
	return drawn, fmt.Sprintf("part %d of %d: %d of the %d records drawn of %d recounted, share %g", part, parts, len(drawn), all, len(recs), sample), nil
}

// methodsUsed says, for each method of methods, how many recounts take
// it and what it catches.
func methodsUsed(methods map[string]shard.RecountMethod) []string {
	var lines []string
	for _, m := range []shard.RecountMethod{shard.ByJoin, shard.ByBacktracking} {
		if used := methodCount(methods, m); used > 0 {
			lines = append(lines, fmt.Sprintf("%d %s: %s", used, m, catches(m)))
		}
	}
	return lines
}

// checkVerify returns the usage error of verify for a flag of fs out of
// range or at odds with another, the others the values of the flags of
// their names, but for the files and the parts.
func checkVerify(fs *flag.FlagSet, sample float64, workers int, progressEvery time.Duration, by, checkpoint string, every time.Duration) error {
	switch {
	case !(sample > 0 && sample <= 1):
		return usagef("verify: -sample %v out of range (0, 1]: the share of the records to recount", sample)
	case workers < 0:
		return usagef("verify: -workers %d is negative", workers)
	case progressEvery < 0:
		return usagef("verify: -progress-every %v is negative", progressEvery)
	case by != "cost" && by != "join" && by != "backtracking":
		return usagef("verify: -by %s: want join, backtracking or cost", short(by))
	case flagSet(fs, "checkpoint") && checkpoint == "":
		return usagef("verify: -checkpoint is empty: name a checkpoint, or leave the flag out")
	case flagSet(fs, "checkpoint-every") && checkpoint == "":
		return usagef("verify: -checkpoint-every without -checkpoint: it says how often the checkpoint file is saved")
	case every <= 0:
		return usagef("verify: -checkpoint-every %v is not a positive duration", every)
	}
	return nil
}

// heldFirst returns drawn with the record whose recount file holds
// first, so that no other recount saves over it, and that state to
// resume from; drawn as it is, and no state, if file holds none. A state
// of no record drawn, recounted by its method, is an error.
func heldFirst(file *shard.Checkpoint, drawn []placed, methods map[string]shard.RecountMethod) ([]placed, *shard.State, error) {
	state := file.Resume()
	if state == nil {
		return drawn, nil, nil
	}
	k, err := recountHeld(*state, drawn, methods)
	if err != nil {
		return nil, nil, holdsOther(file.Name(), "verify", err)
	}
	return slices.Concat(drawn[k:k+1], drawn[:k], drawn[k+1:]), state, nil
}

// reportRecount writes the line of the recount of r that found got, by
// method on kernels (none named if ""), and reports whether it agrees
// with r.
func reportRecount(stdout io.Writer, r placed, got shard.Counts, method shard.RecountMethod, kernels string) (bool, error) {
	want := shard.Counts{Total: r.Total, Unique: r.Unique, Invariant90: r.Invariant90, Invariant180: r.Invariant180, Shard: got.Shard}
	line := fmt.Sprintf("%s: %v, %s: ", r.at, got.Shard, method)
	if kernels != "" {
		line = fmt.Sprintf("%s: %v, %s on %s: ", r.at, got.Shard, method, kernels)
	}
	agrees := got == want
	if agrees {
		line += "agrees: " + countsText(got)
	} else {
		line += "differs: the record holds " + countsText(want) + ", the recount finds " + countsText(got)
	}
	_, err := fmt.Fprintln(stdout, line)
	return agrees, err
}

// onceEach returns an error if two of recs are of the same shard: a record
// given twice, or a shard counted twice, which merge refuses too.
func onceEach(recs []placed) error {
	first := map[shard.ID]string{}
	for _, r := range recs {
		if at, ok := first[r.id()]; ok {
			return fmt.Errorf("verify: %s and %s are both %v: give each shard's record once", at, r.at, r.id())
		}
		first[r.id()] = r.at
	}
	return nil
}

// countsText writes the counts a record and a recount compare.
func countsText(c shard.Counts) string {
	return fmt.Sprintf("total %d, unique %d, invariant90 %d, invariant180 %d", c.Total, c.Unique, c.Invariant90, c.Invariant180)
}

// draw returns the records that a sample of the share f of recs
// recounts, in their order. The draw is reproducible: a record is drawn
// when the SHA-256 of seed, of every record's checksum and of its own, as
// a number, falls below f of the range. Whoever made the records cannot
// pick the records drawn without remaking them all, and a seed that they
// cannot foresee, chosen once the records are made, keeps them from
// trying.
func draw(recs []placed, f float64, seed string) []placed {
	if f >= 1 {
		return recs
	}
	sums := make([]string, len(recs))
	for i, r := range recs {
		sums[i] = r.Checksum
	}
	slices.Sort(sums)
	set := sha256.Sum256([]byte(seed + "\n" + strings.Join(sums, "\n")))
	below := uint64(math.Ldexp(f, 64))
	var drawn []placed
	for _, r := range recs {
		h := sha256.Sum256(append(set[:], r.Checksum...))
		if binary.BigEndian.Uint64(h[:8]) < below {
			drawn = append(drawn, r)
		}
	}
	return drawn
}

// recountHeld returns the index in drawn of the record whose recount s
// is the state of, by its method of methods, or an error that says why s
// is of none of them, which wraps a *shard.MismatchError.
func recountHeld(s shard.State, drawn []placed, methods map[string]shard.RecountMethod) (int, error) {
	for k, r := range drawn {
		if recountJob(r.record, methods[r.at]).CheckResume(s) == nil {
			return k, nil
		}
	}
	if own := s.Counts().Shard; len(drawn) > 1 {
		if recount, by := s.Recount(); recount {
			return 0, &shard.MismatchError{Why: fmt.Sprintf("a state of the recount of %v %s, but no record drawn is of that shard and method", own, by)}
		}
	}
	return 0, recountJob(drawn[0].record, methods[drawn[0].at]).CheckResume(s)
}

// recountJob returns the job that recounts the shard of r by method by.
func recountJob(r record, by shard.RecountMethod) shard.Job {
	return shard.Job{N: r.N, Index: r.Shard, Of: r.Shards, Recount: true, RecountBy: by, CountedOn: r.Kernels}
}

// recountKernels returns the kernels of each recount by the join of
// drawn, by its record's place, which are none of those that counted
// it; or an error that names every record that this processor can
// recount on no others.
func recountKernels(drawn []placed, methods map[string]shard.RecountMethod) (map[string]string, error) {
	kernels := map[string]string{}
	var refused []string
	for _, r := range drawn {
		names, err := recountJob(r.record, methods[r.at]).RecountKernels()
		if err != nil {
			refused = append(refused, fmt.Sprintf("%s: %v: %s", r.at, r.id(), bare(err)))
			continue
		}
		kernels[r.at] = names
	}
	if len(refused) > 0 {
		if more := len(refused) - maxNamed; more > 0 {
			refused = append(refused[:maxNamed], fmt.Sprintf("and %d more", more))
		}
		return nil, fmt.Errorf("verify: a recount by the join runs on none of the kernels that counted a record, and here it cannot: %s: "+
			"verify these records on a machine with other kernels, or with -by backtracking", strings.Join(refused, "; "))
	}
	return kernels, nil
}

// maxNamed is the most records that a refusal names.
const maxNamed = 10

// kernelsUsed says on which kernels the recounts by the join of drawn
// run (kernels), for how many records each, and why on the Go kernels
// for records that name none.
func kernelsUsed(drawn []placed, kernels map[string]string) []string {
	var order []string
	runs := map[string]int{}
	unnamed := 0
	for _, r := range drawn {
		k := kernels[r.at]
		if k == "" {
			continue
		}
		if runs[k] == 0 {
			order = append(order, k)
		}
		runs[k]++
		if r.Kernels == "" {
			unnamed++
		}
	}
	var lines []string
	for _, k := range order {
		lines = append(lines, fmt.Sprintf("%d by the join on %s, none of the kernels that counted them", runs[k], k))
	}
	if unnamed > 0 {
		lines = append(lines, fmt.Sprintf("%d of format %d name no kernels, as records before format %d: recounted on the Go kernels, which a count runs only where it has no others", unnamed, recordV4, recordFormat))
	}
	return lines
}

// recountBy returns the method by which -by by recounts the record r,
// as shard.Job.RecountMethod picks it.
func recountBy(by string, r record) shard.RecountMethod {
	m := shard.ByCost
	switch by {
	case "join":
		m = shard.ByJoin
	case "backtracking":
		m = shard.ByBacktracking
	}
	return recountJob(r, m).RecountMethod()
}

// methodCount returns how many records of methods a recount by m checks.
func methodCount(methods map[string]shard.RecountMethod, m shard.RecountMethod) int {
	n := 0
	for _, v := range methods {
		if v == m {
			n++
		}
	}
	return n
}

// catches says what a recount by m catches and costs.
func catches(m shard.RecountMethod) string {
	if m == shard.ByJoin {
		return "the join again, on none of the kernels that counted the record, its tables and sieve another way, at about the count's cost, up to 3 times it on the Go kernels: " +
			"it catches a fault of the count's kernels, of the memory or of the processor, not one of the join's method, which -by backtracking catches too"
	}
	return "plain backtracking, which shares no code with the join, at hundreds of times the count's cost from n = 20 on: it catches any fault of the count but one of the plan of its subproblems, which both share"
}

// perSolution returns the seconds a solution costs a recount by m on a
// core, from below.
func perSolution(m shard.RecountMethod) float64 {
	if m == shard.ByJoin {
		return countPerSolution
	}
	return recountPerSolution
}

// A recounting is how verify recounts the records drawn: each by its
// method and on its kernels, named by the record's place, on workers
// workers, with its state kept in file, saved every every, if file is
// not nil, and its progress shown on bar, a new one every progressEvery,
// and stderr.
type recounting struct {
	methods       map[string]shard.RecountMethod
	kernels       map[string]string
	workers       int
	file          *shard.Checkpoint
	every         time.Duration
	progressEvery time.Duration
	bar           *progressBar
	stderr        io.Writer
}

// recountAll recounts drawn, in order, the first resumed from resume if
// it is not nil, writes a line of each to stdout, and returns those that
// differ from their records.
func (rc *recounting) recountAll(ctx context.Context, drawn []placed, resume *shard.State, stdout io.Writer) ([]string, error) {
	var differ []string
	held := "" // what the checkpoint holds of a recount before this one
	for _, r := range drawn {
		rc.bar = newProgressBar(rc.stderr, rc.progressEvery, fmt.Sprintf("verify: recount of %v", r.id()))
		got, saved, err := rc.recount(ctx, r.record, rc.methods[r.at], resume, held)
		if saved || resume != nil {
			held = fmt.Sprintf("the finished recount of %v", r.id())
		}
		resume = nil
		rc.bar.clear()
		switch {
		case errors.Is(err, context.Canceled):
			return nil, err
		case errors.Is(err, shard.ErrState) && rc.file != nil:
			return nil, damaged(rc.file.Name(), err)
		case err != nil:
			return nil, fmt.Errorf("%s: %w", r.at, err)
		}
		agrees, err := reportRecount(stdout, r, got, rc.methods[r.at], rc.kernels[r.at])
		if err != nil {
			return nil, err
		}
		if !agrees {
			differ = append(differ, fmt.Sprintf("%s: %v", r.at, got.Shard))
		}
	}
	return differ, nil
}

// recount recounts the shard of r by the method by, resumed from resume
// if it is not nil, with rc.file holding held of an earlier recount if it
// is not "". It reports whether a save of the recount succeeded.
func (rc *recounting) recount(ctx context.Context, r record, by shard.RecountMethod, resume *shard.State, held string) (shard.Counts, bool, error) {
	bar, stderr := rc.bar, rc.stderr
	if note := endless("verify", r.N, r.Shards, perSolution(by)); note != "" {
		if by == shard.ByBacktracking {
			note += "; a recount by backtracking costs hundreds of times its count, and -by join about what the count cost"
		}
		fmt.Fprintln(stderr, note)
	}
	job := recountJob(r, by)
	job.Workers = rc.workers
	if bar.reports() {
		job.Progress = bar.update
	}
	var saved checkpointSaver
	checkpoint := ""
	if rc.file != nil {
		checkpoint = rc.file.Name()
		if resume != nil {
			fmt.Fprintf(stderr, "nqueens: resuming from %s: %d of %d subproblems done\n", checkpoint, resume.Done(), resume.Subproblems())
			job.Resume = resume
		}
		saved = checkpointSaver{file: rc.file, name: checkpoint, stderr: stderr, bar: bar, resumed: resume != nil, held: held}
		job.Save, job.SaveEvery = saved.save, rc.every
	}
	start := time.Now()
	c, err := job.Count(ctx)
	bar.clear()
	if saved.failed != nil {
		fmt.Fprintln(stderr, saved.warning())
	}
	switch {
	case errors.Is(err, shard.ErrStateMismatch):
		return c, saved.saved, holdsOther(checkpoint, "verify", err)
	case checkpoint != "" && saved.failed == nil && errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, saved.stopped(fmt.Sprintf("the recount of %v", r.id()), time.Since(start)))
	}
	return c, saved.saved, err
}
