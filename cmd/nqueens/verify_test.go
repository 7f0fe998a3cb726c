package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gonqueens/nqueens/shard"
)

// TestVerify recounts genuine records and one edited so that its
// checksum and Burnside's lemma still pass, and wants the genuine ones to
// agree and the edited one named by its shard and its file and line.
func TestVerify(t *testing.T) {
	files := shardFiles(t, 14, 3)
	code, out, errOut := runCLI(t, noEnv, append([]string{"verify"}, files...)...)
	if code != 0 || strings.Count(out, ": agrees: ") != 3 || !strings.Contains(out, "3 of 3 records recounted, share 1: all agree") {
		t.Fatalf("verify of genuine records: exit %d, stdout %q, stderr %q; want every one to agree", code, out, errOut)
	}
	// A checkpoint keeps the recount's state, and a second run resumes it.
	state := filepath.Join(t.TempDir(), "verify.state")
	for run := range 2 {
		code, out, errOut = runCLI(t, noEnv, "verify", "-checkpoint", state, files[1])
		if code != 0 || !strings.Contains(out, ": agrees: ") || (run == 1) != strings.Contains(errOut, "resuming from "+state) {
			t.Errorf("verify -checkpoint, run %d: exit %d, stdout %q, stderr %q; want agreement, and the second run resumed", run, code, out, errOut)
		}
	}
	// A count's checkpoint is no recount's, of its shard or another, nor
	// is a recount's of a shard that no record is of: each is refused and
	// left as it was.
	countState := filepath.Join(t.TempDir(), "count.state")
	if code, _, errOut := runCLI(t, noEnv, "count", "-shards", "3", "-shard", "1", "-checkpoint", countState, "14"); code != 0 {
		t.Fatalf("count -checkpoint: exit %d, %q", code, errOut)
	}
	for _, tt := range []struct {
		checkpoint string
		files      []string
		want       string
	}{
		{countState, files[1:2], "a state of a count, but this is a recount by backtracking: give verify another -checkpoint file"},
		{countState, files[2:3], "a state of a count, but this is a recount by backtracking: give verify another -checkpoint file"},
		{state, []string{files[0], files[2]}, "a state of the recount of n=14 shard 1 of 3 (plan 4) by backtracking, but no record drawn is of that shard and method: give verify another"},
		{state, []string{shardFiles(t, 12, 1)[0]}, "a state of n=14, but this count is of n=12"},
	} {
		before := mustRead(tt.checkpoint)
		code, out, errOut := runCLI(t, noEnv, append([]string{"verify", "-checkpoint", tt.checkpoint}, tt.files...)...)
		if code != 1 || out != "" || !strings.Contains(errOut, tt.want) || strings.Contains(errOut, "recounting") {
			t.Errorf("verify -checkpoint %s %s: exit %d, stdout %q, stderr %q; want a refusal saying %q before any recount", filepath.Base(tt.checkpoint), tt.files, code, out, errOut, tt.want)
		}
		if after := mustRead(tt.checkpoint); !bytes.Equal(after, before) {
			t.Errorf("verify -checkpoint %s %s changed the checkpoint it refused", filepath.Base(tt.checkpoint), tt.files)
		}
	}
	// The recount that a checkpoint holds goes first, resumed.
	code, out, errOut = runCLI(t, noEnv, "verify", "-checkpoint", state, files[0], files[1], files[2])
	if code != 0 || !strings.HasPrefix(out, files[1]+":1: ") || !strings.Contains(errOut, "resuming from "+state) {
		t.Errorf("verify -checkpoint of the recount of the second record: exit %d, stdout %q, stderr %q; want it first, resumed", code, out, errOut)
	}
	var r record
	if err := json.Unmarshal(mustRead(files[1]), &r); err != nil {
		t.Fatal(err)
	}
	r.Total += 8 // 8 divides the sum still: Burnside's lemma lets it pass
	edited := forge(t, r)
	if code, out, errOut := runCLI(t, noEnv, "merge", files[0], edited, files[2]); code != 1 || !strings.Contains(errOut, "but the board has 365596") {
		t.Fatalf("merge with a total 8 more: exit %d, %q, %q; want it refused by the board's known total, as only a recount finds the record", code, out, errOut)
	}
	code, out, errOut = runCLI(t, noEnv, "verify", files[0], edited, files[2])
	want := edited + ":1: n=14 shard 1 of 3 (plan 4)"
	if code != 1 || !strings.Contains(out, want+", by backtracking: differs: the record holds total") || !strings.Contains(errOut, "1 differ: "+want) {
		t.Errorf("verify with a total 8 more: exit %d, stdout %q, stderr %q; want status 1 and %q", code, out, errOut, want)
	}
}

// TestVerifyParts wants the parts of a sample to recount every record
// drawn once between them, in any order of the files, and a part that
// draws none to say so and pass.
func TestVerifyParts(t *testing.T) {
	files := shardFiles(t, 14, 6)
	reversed := slices.Clone(files)
	slices.Reverse(reversed)
	seen := map[string]int{}
	for part, order := range [][]string{files, reversed} {
		code, out, errOut := runCLI(t, noEnv, append([]string{"verify", "-parts", "2", "-part", fmt.Sprint(part)}, order...)...)
		if code != 0 || !strings.Contains(out, fmt.Sprintf("part %d of 2: ", part)) {
			t.Fatalf("verify -parts 2 -part %d: exit %d, stdout %q, stderr %q", part, code, out, errOut)
		}
		for line := range strings.Lines(out) {
			if _, rest, ok := strings.Cut(line, "shard "); ok && strings.Contains(line, ": agrees: ") {
				seen[strings.Fields(rest)[0]]++
				if shard := strings.Fields(rest)[0]; int(shard[0]-'0')%2 != part {
					t.Errorf("verify -parts 2 -part %d recounted shard %s", part, shard)
				}
			}
		}
	}
	if want := map[string]int{"0": 1, "1": 1, "2": 1, "3": 1, "4": 1, "5": 1}; !maps.Equal(seen, want) {
		t.Errorf("verify -parts 2, both parts, recounted the shards %v; want each of 0 to 5 once", seen)
	}
	// A task of a job array takes its part from the batch system.
	env := func(v string) func(string) string {
		return func(name string) string { return map[string]string{"SLURM_ARRAY_TASK_ID": v}[name] }
	}
	code, out, errOut := runCLI(t, env("1"), append([]string{"verify", "-parts", "2"}, files...)...)
	if code != 0 || !strings.Contains(out, "part 1 of 2: 3 of the 6 records drawn of 6 recounted") {
		t.Errorf("verify -parts 2 with SLURM_ARRAY_TASK_ID=1: exit %d, stdout %q, stderr %q; want part 1", code, out, errOut)
	}
	for _, tt := range []struct{ v, want string }{{"2", "SLURM_ARRAY_TASK_ID=2, part 2 of 2, want 0 to 1"}, {"x", `SLURM_ARRAY_TASK_ID="x" is not a part index`}} {
		if code, _, errOut := runCLI(t, env(tt.v), append([]string{"verify", "-parts", "2"}, files...)...); code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("verify -parts 2 with SLURM_ARRAY_TASK_ID=%s: exit %d, stderr %q; want %q", tt.v, code, errOut, tt.want)
		}
	}
	if code, _, errOut := runCLI(t, noEnv, append([]string{"verify", "-parts", "2"}, files...)...); code != exitUsage || !strings.Contains(errOut, "-parts without -part, and neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set") {
		t.Errorf("verify -parts 2 of no part: exit %d, stderr %q", code, errOut)
	}
	code, out, errOut = runCLI(t, noEnv, append([]string{"verify", "-parts", "9", "-part", "8"}, files...)...)
	if code != 1 || out != "" || !strings.Contains(errOut, "part 8 of 9 draws none of the 6 records drawn (it takes those whose shard is 8 modulo 9), which checks nothing") {
		t.Errorf("verify -parts 9 -part 8 of 6 records: exit %d, stdout %q, stderr %q; want none recounted, and a failure that says why", code, out, errOut)
	}
}

// TestGivenTwice wants verify and merge to refuse a file given twice, by
// its name or by another, and verify the same shard's record twice.
func TestGivenTwice(t *testing.T) {
	files := shardFiles(t, 12, 2)
	link := filepath.Join(t.TempDir(), "link.json")
	if err := os.Symlink(files[0], link); err != nil {
		t.Fatal(err)
	}
	both := filepath.Join(t.TempDir(), "both.json")
	if err := os.WriteFile(both, append(mustRead(files[0]), mustRead(files[0])...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"merge", "verify"} {
		for _, tt := range []struct {
			args []string
			want string
		}{
			{[]string{files[0], files[1], files[0]}, files[0] + " is given twice: give each file once"},
			{[]string{files[0], files[1], link}, files[0] + " and " + link + " are the same file, given twice"},
			{[]string{"-", files[1], "-"}, "stdin (-) is given twice"},
		} {
			if code, out, errOut := runCLI(t, noEnv, append([]string{cmd}, tt.args...)...); code != 2 && code != 1 || out != "" || !strings.Contains(errOut, tt.want) {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want a refusal saying %q", cmd, tt.args, code, out, errOut, tt.want)
			}
		}
	}
	if code, out, errOut := runCLI(t, noEnv, "verify", both, files[1]); code != 1 || out != "" || !strings.Contains(errOut, both+":1 and "+both+":2 are both n=12 shard 0 of 2") {
		t.Errorf("verify of a record twice: exit %d, stdout %q, stderr %q; want a refusal naming both", code, out, errOut)
	}
}

// TestVerifyEndless: verify -by backtracking of a record whose recount
// no machine ends in a lifetime says so before it starts, and that the
// join's recount costs less. The note stops the recount, and a minute
// does if there is none.
func TestVerifyEndless(t *testing.T) {
	file := forge(t, record{N: 28, Shard: 0, Shards: 1, Total: 8, Version: "v0.0.0"})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var stdout bytes.Buffer
	stderr := &cancelOn{text: "will not end in a lifetime", cancel: cancel}
	code := run(ctx, []string{"verify", "-by", "backtracking", file}, noEnv, strings.NewReader(""), &stdout, stderr)
	for _, want := range []string{"nqueens: verify: n=28 takes at least ", "and -by join about what the count cost"} {
		if code != exitInterrupted || !strings.Contains(stderr.String(), want) {
			t.Errorf("verify -by backtracking of a record of the whole of 28: exit %d, stderr %q; want %q", code, stderr.String(), want)
		}
	}
}

// cancelOn is a writer that calls cancel once what is written holds text.
type cancelOn struct {
	bytes.Buffer
	text   string
	cancel func()
}

func (c *cancelOn) Write(p []byte) (int, error) {
	k, err := c.Buffer.Write(p)
	if strings.Contains(c.String(), c.text) {
		c.cancel()
	}
	return k, err
}

// TestVerifyBoards wants genuine records of every n from 12 to 16 (22
// with -nqueens.long) to verify: the constellations' boards and the
// join's, odd and even, whole and in shards.
func TestVerifyBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("recounts boards of 12 to 16")
	}
	shards := map[int]int{12: 1, 13: 2, 14: 3, 15: 1, 16: 20}
	if *long {
		// Shards of some seconds' recount each, two minutes at n = 22.
		for n, k := range map[int]int{17: 50, 18: 200, 19: 1000, 20: 5000, 21: 20000, 22: 40000} {
			shards[n] = k
		}
	}
	dir := t.TempDir()
	var files []string
	for n, k := range shards {
		i := k / 3
		code, out, errOut := runCLI(t, noEnv, "count", "-json", "-shards", fmt.Sprint(k), "-shard", fmt.Sprint(i), fmt.Sprint(n))
		if code != 0 {
			t.Fatalf("count -json n=%d shard %d of %d: exit %d, %q", n, i, k, code, errOut)
		}
		name := filepath.Join(dir, fmt.Sprintf("%d.json", n))
		if err := os.WriteFile(name, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	code, out, errOut := runCLI(t, noEnv, append([]string{"verify"}, files...)...)
	if code != 0 || strings.Count(out, ": agrees: total ") != len(shards) || strings.Contains(out, "agrees: total 0,") {
		t.Errorf("verify of genuine records of n = 12 and on: exit %d, stdout %q, stderr %q; want every one, none empty, to agree", code, out, errOut)
	}
}

// TestVerifySample wants a sample drawn from the records alone, the same
// each time, of about the share asked for, and changed by a seed.
func TestVerifySample(t *testing.T) {
	var recs []placed
	for i := range 1000 {
		r := record{N: 20, Shard: i, Shards: 1000, Total: uint64(i)}
		r.Checksum = r.sum()
		recs = append(recs, placed{r, fmt.Sprintf("x:%d", i)})
	}
	a, b, c := draw(recs, 0.1, ""), draw(recs, 0.1, ""), draw(recs, 0.1, "a seed")
	if len(a) < 60 || len(a) > 140 {
		t.Errorf("a sample of 0.1 of 1000 records drew %d", len(a))
	}
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Error("two draws of the same records differ")
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Error("a seed leaves the draw as it was")
	}
	if all := draw(recs, 1, ""); len(all) != len(recs) {
		t.Errorf("a sample of 1 drew %d of %d", len(all), len(recs))
	}
	if code, _, errOut := runCLI(t, noEnv, "verify", "-sample", "1e-9", forge(t, record{N: 8, Shard: 0, Shards: 1, Total: 92, Unique: 12, Invariant180: 4})); code != 1 || !strings.Contains(errOut, "drew none, which checks nothing: raise -sample") {
		t.Errorf("verify of a sample that draws nothing: exit %d, stderr %q; want a failure that says so", code, errOut)
	}
	// A record of a shard that no count makes is refused as it is read,
	// before any recount, in a message of one prefix.
	code, out, errOut := runCLI(t, noEnv, "verify", forge(t, record{N: 8, Shard: 0, Shards: 0, Total: 92, Unique: 12, Invariant180: 4}))
	if code != 1 || out != "" || !strings.Contains(errOut, "names no shard a count makes: 0 shards") || strings.Contains(errOut, "recounting") || strings.Count(errOut, "nqueens: ") != 1 {
		t.Errorf("verify of a record of shard 0 of 0: exit %d, stdout %q, stderr %q; want it refused, and nothing recounted", code, out, errOut)
	}
	for _, args := range [][]string{{"verify", "-sample", "0", "x"}, {"verify", "-sample", "1.5", "x"}, {"verify"}} {
		if code, _, _ := runCLI(t, noEnv, args...); code != exitUsage {
			t.Errorf("nqueens %s: exit %d, want %d", strings.Join(args, " "), code, exitUsage)
		}
	}
}

// cancelWriter cancels a context at its first write.
type cancelWriter struct {
	cancel context.CancelFunc
	bytes.Buffer
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.cancel()
	return w.Buffer.Write(p)
}

// TestVerifyStoppedAfterOne stops verify -checkpoint once the recount of
// its first record is done and saved, as the second begins, and wants it
// to say that the checkpoint holds the first's, not that nothing is
// saved.
func TestVerifyStoppedAfterOne(t *testing.T) {
	files := shardFiles(t, 12, 2)
	state := filepath.Join(t.TempDir(), "verify.state")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout := &cancelWriter{cancel: cancel} // the first record's line stops the second's recount
	var stderr bytes.Buffer
	code := run(ctx, []string{"verify", "-checkpoint", state, files[0], files[1]}, noEnv, strings.NewReader(""), stdout, &stderr)
	want := "before its first save: " + state + " still holds the finished recount of n=12 shard 0 of 2 (plan 4), and the same command goes on from there"
	if code != exitInterrupted || !strings.Contains(stderr.String(), want) || strings.Contains(stderr.String(), "nothing is saved") {
		t.Errorf("verify -checkpoint stopped in the second recount: exit %d, stdout %q, stderr %q; want %q", code, stdout.String(), stderr.String(), want)
	}
	// The same command goes on from there.
	if code, out, errOut := runCLI(t, noEnv, "verify", "-checkpoint", state, files[0], files[1]); code != 0 || strings.Count(out, ": agrees: ") != 2 || !strings.Contains(errOut, "resuming from "+state) {
		t.Errorf("verify -checkpoint run again: exit %d, stdout %q, stderr %q; want both to agree, the first resumed", code, out, errOut)
	}
}

// TestRecountCatchesAFault builds the command with the matching kernels
// of the last set the processor runs before the Go ones broken on
// purpose (the tag nqueens_brokenkernel), with a fault that no
// self-check sees, and counts the 4 shards of 17 on them, as a node that
// runs that set alone would (GODEBUG=cpu.avx512f=off, on a processor
// with AVX-512). It wants the records to name those kernels and to hold
// wrong counts, merge to refuse them by the board's known total, and
// verify on the processor's own kernels, by the join and by cost, to
// recount each on other kernels, to say which, and to find each
// differing.
func TestRecountCatchesAFault(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := filepath.Join(t.TempDir(), "nqueens")
	if out, err := exec.Command("go", "build", "-tags", "nqueens_brokenkernel", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	node := append(os.Environ(), "GODEBUG=cpu.avx512f=off")
	version := exec.Command(bin, "version")
	version.Env = node
	v, err := version.Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(v), "match=avx2 ") && !strings.Contains(string(v), "match=neon ") {
		t.Skipf("no assembly kernels to break here: %s", v)
	}
	dir := t.TempDir()
	var files []string
	var counted string // the matching kernels that counted
	for i := range 4 {
		cmd := exec.Command(bin, "count", "-json", "-shards", "4", "-shard", strconv.Itoa(i), "17")
		cmd.Env = node
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		var r record
		if err := json.Unmarshal(out, &r); err != nil || !strings.Contains(string(v), r.Kernels) {
			t.Fatalf("a record of the broken build names the kernels %q, %v; want those of %s", r.Kernels, err, v)
		}
		counted = strings.Fields(r.Kernels)[0]
		c, err := shard.Job{N: 17, Index: i, Of: 4}.Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if r.Total == c.Total {
			t.Fatalf("the broken build counted shard %d of 4 of 17 right, %d", i, r.Total)
		}
		files = append(files, filepath.Join(dir, fmt.Sprintf("shard-%d.json", i)))
		if err := os.WriteFile(files[i], out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	merge := exec.Command(bin, append([]string{"merge"}, files...)...)
	if out, err := merge.CombinedOutput(); err == nil || !strings.Contains(string(out), "but the board has 95815104") {
		t.Errorf("merge of the broken build's records: %v, %q; want it refused by the board's known total", err, out)
	}
	for _, by := range []string{"join", "cost"} {
		cmd := exec.Command(bin, append([]string{"verify", "-by", by}, files...)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != 1 || strings.Count(stdout.String(), "differs: the record holds total") != 4 || !strings.Contains(stderr.String(), "4 differ") ||
			!strings.Contains(stderr.String(), "4 by the join on match=") || strings.Contains(stdout.String(), "on "+counted+" ") {
			t.Errorf("verify -by %s of the records that a broken kernel made: exit %d, stdout %q, stderr %q; want each recounted on other kernels and differing", by, code, stdout.String(), stderr.String())
		}
	}
}

// TestVerifyKernels wants a record of format 4, which names no kernels,
// recounted on the Go kernels, and says why; and a record of every
// kernel that this processor runs refused by a recount by the join,
// with the reason, before anything is recounted.
func TestVerifyKernels(t *testing.T) {
	file := shardFiles(t, 14, 3)[1]
	var r record
	if err := json.Unmarshal(mustRead(file), &r); err != nil {
		t.Fatal(err)
	}
	if r.Kernels != shard.Kernels() {
		t.Fatalf("count -json names the kernels %q, want %q", r.Kernels, shard.Kernels())
	}
	r.Kernels = ""
	old := forge(t, r)
	if !strings.Contains(string(mustRead(old)), `"version":"`) || strings.Contains(string(mustRead(old)), "kernels") {
		t.Fatalf("a record of format 4: %s", mustRead(old))
	}
	code, out, errOut := runCLI(t, noEnv, "verify", "-by", "join", old)
	if code != 0 || !strings.Contains(out, "by the join on match=go pairs=go transpose=go: agrees") || !strings.Contains(errOut, "1 of format 4 name no kernels") {
		t.Errorf("verify -by join of a record of format 4: exit %d, stdout %q, stderr %q; want it recounted on the Go kernels, and why", code, out, errOut)
	}
	r.Kernels = "match=go pairs=go transpose=go tail=go"
	for _, set := range []string{"avx512", "avx2", "neon"} {
		r.Kernels += fmt.Sprintf("; match=%s pairs=%s transpose=%s tail=bmi2", set, set, set)
	}
	every := forge(t, r)
	code, out, errOut = runCLI(t, noEnv, "verify", "-by", "join", every)
	if code != 1 || out != "" || !strings.Contains(errOut, every+":1: n=14 shard 1 of 3 (plan 4): ") || !strings.Contains(errOut, "matches on no others") ||
		!strings.Contains(errOut, "-by backtracking") || strings.Contains(errOut, "recounting") {
		t.Errorf("verify -by join of a record of every kernel: exit %d, stdout %q, stderr %q; want it refused, and why, before any recount", code, out, errOut)
	}
	// A refusal of many records names the first maxNamed of them.
	var many []string
	for _, f := range shardFiles(t, 14, maxNamed+3) {
		var m record
		if err := json.Unmarshal(mustRead(f), &m); err != nil {
			t.Fatal(err)
		}
		m.Kernels = r.Kernels
		many = append(many, forge(t, m))
	}
	code, _, errOut = runCLI(t, noEnv, append([]string{"verify", "-by", "join"}, many...)...)
	if code != 1 || strings.Count(errOut, "matches on no others") != maxNamed || !strings.Contains(errOut, "; and 3 more: verify these records") {
		t.Errorf("verify -by join of %d records of every kernel: exit %d, stderr %q; want %d named, and the rest counted", len(many), code, errOut, maxNamed)
	}
}
