package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gonqueens/nqueens"
)

func noEnv(string) string { return "" }

// long is the package's flag for longer tests: here, the shard processes
// count a larger board.
var long = flag.Bool("nqueens.long", false, "run the shard processes on a larger board")

// runCLI runs the command line args in process and returns its exit code
// and outputs.
func runCLI(t *testing.T, getenv func(string) string, args ...string) (int, string, string) {
	t.Helper()
	return runCLIInput(t, getenv, "", args...)
}

// runCLIInput is runCLI with stdin reading input.
func runCLIInput(t *testing.T, getenv func(string) string, input string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, getenv, strings.NewReader(input), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestStdin(t *testing.T) {
	files := shardFiles(t, 9, 3)
	var records []byte
	for _, f := range files[1:] {
		records = append(records, mustRead(f)...)
	}
	// Shard 0 from its file, the others from stdin.
	if code, out, errOut := runCLIInput(t, noEnv, string(records), "merge", files[0], "-"); code != 0 || out != wantMerged(t, 9, 3) {
		t.Errorf("merge FILE - : exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, out, errOut := runCLIInput(t, noEnv, ".Q..\n....\n....\n....\n", "complete", "-count", "-"); code != 0 || out != "1\n" {
		t.Errorf("complete -count - : exit %d, stdout %q, stderr %q; want 1", code, out, errOut)
	}
}

// TestProgressLine checks that the progress line fits the terminal, never
// reaching its last column, so that it cannot wrap.
func TestProgressLine(t *testing.T) {
	p := nqueens.Progress{Done: 123456, Subproblems: 1 << 20, Elapsed: 3723 * time.Second, Remaining: 99999 * time.Second}
	for _, cols := range []int{0, 10, 40, 80, 100, 200} {
		b := progressBar{cols: cols}
		line := b.line(p)
		room := cols - 1
		if cols == 0 {
			room = 79
		}
		if len(line) > room || !strings.Contains(line, "%") && room >= 10 {
			t.Errorf("%d columns: line %q (%d bytes)", cols, line, len(line))
		}
	}
	if line := (&progressBar{cols: 200}).line(p); !strings.Contains(line, "subproblems") || !strings.Contains(line, "[") {
		t.Errorf("200 columns: line %q; want the bar and the subproblems", line)
	}
}

func TestCount(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"count", "8"}, "92\n"},
		{[]string{"count", "-unique", "10"}, "724 92\n"},
		{[]string{"count", "-workers", "1", "0"}, "1\n"},
		{[]string{"count", "-strategy", "flipped", "9"}, "352\n"},
		{[]string{"list", "-limit", "1", "4"}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{[]string{"construct", "8"}, "1 3 5 7 2 0 6 4\n"},
		{[]string{"complete", "-count", ".,.,.,.,.,.,.,."}, "92\n"},
		{[]string{"complete", "1,.,.,."}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{[]string{"complete", "-count", "--", "-1,.,.,."}, "2\n"},
		{[]string{"complete", "-1,.,.,.", "-count"}, "2\n"},
		// Flags may follow the board size.
		{[]string{"count", "10", "-unique"}, "724 92\n"},
		{[]string{"count", "-workers", "1", "8", "-unique"}, "92 12\n"},
		{[]string{"list", "3"}, "no solution: the 3×3 board has none\n"},
	}
	for _, args := range [][]string{{"count", "-h"}, {"help", "count"}, {"count", "8", "-h"}} {
		code, out, _ := runCLI(t, noEnv, args...)
		if code != 0 || !strings.Contains(out, "-shards k") || !strings.Contains(out, "-workers int") {
			t.Errorf("nqueens %s: exit %d, stdout %q; want count's flags", strings.Join(args, " "), code, out)
		}
	}
	if code, out, _ := runCLI(t, noEnv, "merge", "-h"); code != 0 || !strings.Contains(out, "flags of nqueens merge") {
		t.Errorf("nqueens merge -h: exit %d, stdout %q; want its help", code, out)
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, noEnv, tt.args...)
		if code != 0 || out != tt.want {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want %q", strings.Join(tt.args, " "), code, out, errOut, tt.want)
		}
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string // in the first line of stderr
	}{
		{nil, "no command"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"count"}, "count takes 1 argument(s), got 0"},
		{[]string{"count", "-5"}, "board size -5 out of range [0, 64]"},
		{[]string{"count", "abc"}, `board size "abc" is not a whole number`},
		{[]string{"count", "65"}, "board size 65 out of range [0, 64]"},
		{[]string{"count", "8", "9"}, "count takes 1 argument(s), got 2"},
		{[]string{"construct", "-5"}, "board size -5 out of range [0, 268435456]"},
		{[]string{"count", "-shards", "-3", "-bogus", "10"}, "flag provided but not defined: -bogus"},
		{[]string{"count", "-shard", "-5", "-shards", "4", "8"}, "shard -5 out of range [0, 3]"},
		{[]string{"count", "-strategy", "bitwise", "-unique", "8"}, "without -unique"},
		{[]string{"count", "-strategy", "naive", "-shards", "2", "-shard", "1", "8"}, "without -shard"},
		{[]string{"count", "-shard", "7", "-shards", "7", "8"}, "shard 7 out of range [0, 6]"},
		{[]string{"count", "-shards", "0", "8"}, "-shards 0 out of range"},
		{[]string{"count", "-shards", "3", "8"}, "neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID"},
		{[]string{"count", "-workers", "-2", "8"}, "-workers -2 is negative"},
		{[]string{"count", "-bogus", "8"}, "flag provided but not defined"},
		{[]string{"count", "-strategy", "magic", "8"}, `unknown strategy "magic"`},
		{[]string{"list", "-limit", "-1", "8"}, "-limit -1 is negative"},
		{[]string{"construct", "3"}, "no solution on the 3×3 board"},
		{[]string{"construct", "-board", "1000"}, "-board draws boards up to"},
		{[]string{"complete", "0,1,.,."}, "queens (0, 0) and (1, 1) attack each other"},
		{[]string{"complete", "0,9"}, "cannot parse board"},
		{[]string{"merge"}, "no files"},
		{[]string{"merge", filepath.Join(t.TempDir(), "missing.json")}, "no such file"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, noEnv, tt.args...)
		first, _, _ := strings.Cut(errOut, "\n")
		if code == 0 || out != "" || !strings.HasPrefix(first, "nqueens: ") || !strings.Contains(first, tt.want) {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want a failure saying %q", strings.Join(tt.args, " "), code, out, errOut, tt.want)
		}
	}
	// A usage error names the problem in one line, then where the help is.
	if _, _, errOut := runCLI(t, noEnv, "count", "abc"); strings.Count(errOut, "\n") != 2 || !strings.Contains(errOut, "nqueens count -h") {
		t.Errorf("nqueens count abc: stderr %q; want one line and a pointer to count -h", errOut)
	}
	code, _, errOut := runCLI(t, func(string) string { return "x" }, "count", "-shards", "3", "8")
	if code != exitUsage || !strings.Contains(errOut, `JOB_COMPLETION_INDEX="x" is not a shard index`) {
		t.Errorf("count with a bad JOB_COMPLETION_INDEX: exit %d, stderr %q", code, errOut)
	}
}

// shardFiles counts n in k shards in process and writes each record to
// its own file, returning the file names.
func shardFiles(t *testing.T, n, k int) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for i := range k {
		code, out, errOut := runCLI(t, noEnv, "count", "-json", "-shards", fmt.Sprint(k), "-shard", fmt.Sprint(i), fmt.Sprint(n))
		if code != 0 {
			t.Fatalf("count shard %d of %d: exit %d: %s", i, k, code, errOut)
		}
		name := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		if err := os.WriteFile(name, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	return files
}

func wantMerged(t *testing.T, n, k int) string {
	t.Helper()
	c, err := nqueens.CountContext(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("n=%d shards=%d total=%d unique=%d\n", n, k, c.Total, c.Unique)
}

func TestMerge(t *testing.T) {
	files := shardFiles(t, 10, 5)
	code, out, errOut := runCLI(t, noEnv, append([]string{"merge"}, files...)...)
	if want := wantMerged(t, 10, 5); code != 0 || out != want {
		t.Fatalf("merge: exit %d, stdout %q, stderr %q; want %q", code, out, errOut, want)
	}

	// All records in one file, one per line, merge too.
	var all []byte
	for _, f := range files {
		b, _ := os.ReadFile(f)
		all = append(all, b...)
	}
	joined := filepath.Join(t.TempDir(), "all.json")
	os.WriteFile(joined, all, 0o644)
	if code, out, _ := runCLI(t, noEnv, "merge", joined); code != 0 || out != wantMerged(t, 10, 5) {
		t.Errorf("merge of one file of records: exit %d, %q", code, out)
	}

	edit := func(name, old, new string) string {
		b, _ := os.ReadFile(name)
		edited := filepath.Join(t.TempDir(), filepath.Base(name))
		os.WriteFile(edited, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644)
		return edited
	}
	other := shardFiles(t, 11, 5)
	otherK := shardFiles(t, 10, 4)
	tests := []struct {
		name  string
		files []string
		want  string
	}{
		{"missing", files[:4], "incomplete: 1 of 5 shards missing: 4"},
		{"twice", append(files[:5:5], files[2]), "shard 2 of 5 given twice"},
		{"mixed n", append(files[:4:4], other[4]), "counts n=11"},
		{"mixed k", append(files[:4:4], otherK[3]), "different splits"},
		{"tampered", append(files[:4:4], edit(files[4], `"total":`, `"total":1`)), "checksum mismatch"},
		{"broken", append(files[:4:4], edit(files[4], "}", "")), "not a shard record"},
		{"empty", append(files[:4:4], edit(files[4], string(mustRead(files[4])), "")), "no shard records"},
		{"old plan", append(files[:4:4], edit(files[4], `"plan":2`, `"plan":1`)), "split plan 1"},
		// Records whose checksum matches, as anyone can make: every field
		// is checked before anything is allocated for it.
		{"forged n", []string{forge(t, record{N: 99, Shards: 1, Total: 1, Unique: 1})}, "board size 99 out of range"},
		{"forged shards", []string{forge(t, record{N: 8, Shard: 0, Shards: 1 << 31, Total: 8, Unique: 1})}, "shard 0 of 2147483648 is out of range"},
		{"forged elapsed", []string{forge(t, record{N: 8, Shards: 1, Total: 92, Unique: 12, Elapsed: -1})}, "negative"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, noEnv, append([]string{"merge"}, tt.files...)...)
		if code == 0 || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("merge %s: exit %d, stdout %q, stderr %q; want a refusal saying %q", tt.name, code, out, errOut, tt.want)
		}
	}
}

// forge writes r, with the current plan and a matching checksum, to a file
// and returns its name.
func forge(t *testing.T, r record) string {
	r.Plan = nqueens.PlanVersion
	r.Checksum = r.sum()
	line, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "forged.json")
	if err := os.WriteFile(name, line, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestMergeNamesAll gives merge a set with several shards missing, one
// file empty and one damaged, and wants one message that names them all.
func TestMergeNamesAll(t *testing.T) {
	files := shardFiles(t, 9, 12)
	empty := filepath.Join(t.TempDir(), "5.json")
	os.WriteFile(empty, nil, 0o644)
	damaged := filepath.Join(t.TempDir(), "6.json")
	os.WriteFile(damaged, bytes.Replace(mustRead(files[6]), []byte(`"total":`), []byte(`"total":9`), 1), 0o644)
	set := []string{files[0], files[1], files[4], empty, damaged, files[7], files[11]}
	code, out, errOut := runCLI(t, noEnv, append([]string{"merge"}, set...)...)
	for _, want := range []string{"7 of 12 shards missing: 2-3, 5-6, 8-10", "5.json: no shard records", "6.json:1: checksum mismatch"} {
		if code == 0 || out != "" || !strings.Contains(errOut, want) {
			t.Errorf("merge of an incomplete, damaged set: exit %d, stdout %q, stderr %q; want it to say %q", code, out, errOut, want)
		}
	}
}

func mustRead(name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}

// TestShardProcesses runs k processes of the command as a batch system
// would, each finding its index in the environment, and merges them.
func TestShardProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs up to 64 processes")
	}
	bin := buildCommand(t)
	n := 12
	if *long {
		n = 15
	}
	for _, k := range []int{1, 7, 64} {
		dir := t.TempDir()
		env := "JOB_COMPLETION_INDEX"
		if k == 7 {
			env = "SLURM_ARRAY_TASK_ID"
		}
		var wg sync.WaitGroup
		errs := make(chan error, k)
		sem := make(chan struct{}, 4)
		for i := range k {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				cmd := exec.Command(bin, "count", "-json", "-workers", "1", "-shards", fmt.Sprint(k), fmt.Sprint(n))
				cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d", env, i))
				out, err := cmd.Output()
				if err != nil {
					errs <- fmt.Errorf("shard %d: %v", i, err)
					return
				}
				errs <- os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.json", i)), out, 0o644)
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		out, err := exec.Command(bin, append([]string{"merge"}, files...)...).Output()
		if want := wantMerged(t, n, k); err != nil || string(out) != want {
			t.Errorf("%d shard processes merged: %q, %v; want %q", k, out, err, want)
		}
	}
}

// buildCommand builds the command into a temporary directory and returns
// its path.
func buildCommand(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "nqueens")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestSignals stops commands that would run for minutes with SIGINT and
// SIGTERM, as Ctrl-C and a batch system do, and wants them gone at once
// with the shell's exit status, whole boards on stdout.
func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	empty := strings.TrimSuffix(strings.Repeat(".,", 26), ",")
	for _, tt := range []struct {
		args []string
		sig  syscall.Signal
		code int
	}{
		{[]string{"list", "-limit", "0", "24"}, syscall.SIGINT, 130},
		{[]string{"count", "-strategy", "naive", "16"}, syscall.SIGINT, 130},
		{[]string{"count", "-strategy", "bitwise", "20"}, syscall.SIGTERM, 143},
		{[]string{"count", "22"}, syscall.SIGTERM, 143},
		{[]string{"complete", "-count", empty}, syscall.SIGINT, 130},
	} {
		cmd := exec.Command(bin, tt.args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
		sent := time.Now()
		cmd.Process.Signal(tt.sig)
		cmd.Wait()
		took := time.Since(sent)
		name := strings.Join(tt.args, " ")
		if code := cmd.ProcessState.ExitCode(); code != tt.code || took > 250*time.Millisecond {
			t.Errorf("nqueens %s: exit %d %v after %v; want %d at once", name, code, cmd.ProcessState, took, tt.code)
		}
		if !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("nqueens %s: stderr %q; want it to say it was interrupted", name, stderr.String())
		}
		if out := stdout.String(); tt.args[0] == "list" && (out == "" || strings.Count(out, "\n")%25 != 24) {
			t.Errorf("nqueens %s: %d lines on stdout, not whole 24-line boards", name, strings.Count(out, "\n"))
		}
	}
}

// TestCheckpoint kills counts that keep a checkpoint, with SIGKILL at
// random moments and with SIGINT, resumes them and wants the exact counts,
// for one and two workers and for a shard.
func TestCheckpoint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	rng := rand.New(rand.NewPCG(5, 6))
	shard1, err := nqueens.CountContext(context.Background(), 17, nqueens.WithShard(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	// Each count takes a second or more, so that it is still running when
	// the signal comes, 150 to 450 ms after its start.
	for _, tt := range []struct {
		args []string
		sig  syscall.Signal
		want string
	}{
		{[]string{"-workers", "1", "16"}, syscall.SIGKILL, "14772512 1846955\n"},
		{[]string{"-workers", "1", "16"}, syscall.SIGKILL, "14772512 1846955\n"},
		{[]string{"-workers", "2", "17"}, syscall.SIGKILL, "95815104 11977939\n"},
		{[]string{"-workers", "2", "17"}, syscall.SIGINT, "95815104 11977939\n"},
		{[]string{"-workers", "2", "-shards", "2", "-shard", "1", "17"}, syscall.SIGKILL, fmt.Sprintf("%d %d\n", shard1.Total, shard1.Unique)},
	} {
		file := filepath.Join(t.TempDir(), "state")
		args := append([]string{"count", "-unique", "-checkpoint", file, "-checkpoint-every", "20ms"}, tt.args...)
		cmd := exec.Command(bin, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(150+rng.IntN(300)) * time.Millisecond)
		cmd.Process.Signal(tt.sig)
		cmd.Wait()
		name := strings.Join(args, " ")
		if cmd.ProcessState.Success() {
			t.Errorf("nqueens %s finished before the %v: the test needs a slower count", name, tt.sig)
			continue
		}
		var before nqueens.State
		if err := before.UnmarshalBinary(mustRead(file)); err != nil || before.Done() == 0 || before.Done() == before.Subproblems() {
			t.Errorf("nqueens %s, stopped by %v, kept %d of %d done, %v; want a state midway", name, tt.sig, before.Done(), before.Subproblems(), err)
			continue
		}
		resumed := exec.Command(bin, args...)
		var stderr bytes.Buffer
		resumed.Stderr = &stderr
		out, err := resumed.Output()
		if err != nil || string(out) != tt.want || !strings.Contains(stderr.String(), "resuming from") {
			t.Errorf("nqueens %s, stopped by %v at %d of %d done, then resumed: %q, %v, stderr %q; want %q",
				name, tt.sig, before.Done(), before.Subproblems(), out, err, stderr.String(), tt.want)
		}
	}
}

// TestCheckpointRefused wants a count refused, with a message of its own,
// for every checkpoint that is not this count's state.
func TestCheckpointRefused(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	if code, _, errOut := runCLI(t, noEnv, "count", "-shards", "2", "-shard", "0", "-checkpoint", good, "12"); code != 0 {
		t.Fatalf("count with a new checkpoint: exit %d, %s", code, errOut)
	}
	b := mustRead(good)
	write := func(name string, content []byte) string {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, content, 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	flipped := bytes.Clone(b)
	flipped[len(flipped)/2] ^= 0x10
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"cut short", []string{"-shards", "2", "-shard", "0", "-checkpoint", write("short", b[:len(b)-3]), "12"}, "checksum mismatch"},
		{"a flipped bit", []string{"-shards", "2", "-shard", "0", "-checkpoint", write("flipped", flipped), "12"}, "checksum mismatch"},
		{"another n", []string{"-shards", "2", "-shard", "0", "-checkpoint", good, "13"}, "holds a state of n=12, but this count is of n=13"},
		{"another shard", []string{"-shards", "2", "-shard", "1", "-checkpoint", good, "12"}, "holds a state of shard 0 of 2, but this count is of shard 1 of 2"},
		{"empty", []string{"-checkpoint", write("empty", nil), "12"}, "bad state: empty"},
		{"not a state", []string{"-checkpoint", write("json", []byte(`{"n":12}`)), "12"}, "not a state of nqueens"},
		{"a directory", []string{"-checkpoint", dir, "12"}, "is a directory"},
	} {
		code, out, errOut := runCLI(t, noEnv, append([]string{"count"}, tt.args...)...)
		if code == 0 || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want a refusal saying %q", tt.name, code, out, errOut, tt.want)
		}
	}
}

// TestSlurmScript runs deploy/slurm/count.sbatch as Slurm would run the
// tasks of its arrays, here in two arrays of two with offsets, merges what
// they wrote, and wants every misuse refused with a message.
func TestSlurmScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the script")
	}
	bin := buildCommand(t)
	script, err := filepath.Abs("../../deploy/slurm/count.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	task := func(env []string, args ...string) (string, error) {
		cmd := exec.Command("bash", append([]string{script}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, offset := range []string{"0", "2"} {
		for _, i := range []string{"0", "1"} {
			if out, err := task([]string{"NQUEENS=" + bin, "SLURM_ARRAY_TASK_ID=" + i, "SLURM_CPUS_PER_TASK=1"}, "10", "4", offset); err != nil {
				t.Fatalf("task %s of the array at offset %s: %v\n%s", i, offset, err, out)
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "results", "*.json"))
	code, out, errOut := runCLI(t, noEnv, append([]string{"merge"}, files...)...)
	if want := wantMerged(t, 10, 4); code != 0 || out != want {
		t.Errorf("merge of the script's results: exit %d, %q, %q; want %q", code, out, errOut, want)
	}
	for _, tt := range []struct {
		env  []string
		args []string
		want string
	}{
		{[]string{"NQUEENS=" + bin}, []string{"10", "4"}, "not an array task: submit with sbatch --array=0-3"},
		{[]string{"NQUEENS=" + bin, "SLURM_ARRAY_TASK_ID=4"}, []string{"10", "4"}, "shard 4 (offset 0 + array index 4) is not below K = 4"},
		{[]string{"NQUEENS=" + bin, "SLURM_ARRAY_TASK_ID=1"}, []string{"10", "4", "3"}, "keep the array within 0-0"},
		{[]string{"NQUEENS=/no/such/nqueens", "SLURM_ARRAY_TASK_ID=0"}, []string{"10", "4"}, "cannot run '/no/such/nqueens'"},
		{[]string{"NQUEENS=" + bin, "SLURM_ARRAY_TASK_ID=0"}, []string{"10", "0"}, "K, the number of shards"},
	} {
		out, err := task(tt.env, tt.args...)
		if err == nil || !strings.Contains(out, tt.want) {
			t.Errorf("count.sbatch %s with %s: %v, %q; want a failure saying %q", strings.Join(tt.args, " "), tt.env, err, out, tt.want)
		}
	}
}
