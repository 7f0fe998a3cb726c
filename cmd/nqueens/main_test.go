package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gonqueens/nqueens/internal/backtrack"
	"github.com/gonqueens/nqueens/internal/isa"
	"github.com/gonqueens/nqueens/shard"
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
	// No board, and far too much of one: refused, the second without
	// reading it all.
	huge := strings.Repeat("0\n", 5<<20)
	for _, tt := range []struct{ input, want string }{
		{"", "the text is blank"},
		{huge, "over 1048576 bytes of board in stdin"},
	} {
		in := &countingReader{r: strings.NewReader(tt.input)}
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"complete", "-count", "-"}, noEnv, in, &stdout, &stderr)
		if code != 1 || stdout.Len() > 0 || !strings.Contains(stderr.String(), tt.want) || in.n > maxBoardText+1 {
			t.Errorf("complete -count - of %d bytes: exit %d after reading %d bytes, stdout %q, stderr %q; want a refusal saying %q, at most %d bytes read",
				len(tt.input), code, in.n, stdout.String(), stderr.String(), tt.want, maxBoardText+1)
		}
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += k
	return k, err
}

// An output is what a command line prints on stdout when it succeeds.
type output struct {
	args []string
	want string
}

// testOutputs runs each command line and compares its stdout.
func testOutputs(t *testing.T, tests []output) {
	t.Helper()
	for _, tt := range tests {
		code, out, errOut := runCLI(t, noEnv, tt.args...)
		if code != 0 || out != tt.want {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want %q", strings.Join(tt.args, " "), code, out, errOut, tt.want)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"count", "-h"}, {"help", "count"}, {"count", "8", "-h"}} {
		code, out, _ := runCLI(t, noEnv, args...)
		if code != 0 || !strings.Contains(out, "-shards k") || !strings.Contains(out, "-workers k") {
			t.Errorf("nqueens %s: exit %d, stdout %q; want count's flags", strings.Join(args, " "), code, out)
		}
	}
	// help -h is help, as -h alone is.
	_, help, _ := runCLI(t, noEnv, "help")
	for _, args := range [][]string{{"help", "-h"}, {"help", "--help"}, {"-h"}} {
		if code, out, errOut := runCLI(t, noEnv, args...); code != 0 || out != help || errOut != "" {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want the help", strings.Join(args, " "), code, out, errOut)
		}
	}
	for _, args := range [][]string{{"help", "count", "extra"}, {"help", "nothing"}} {
		code, out, errOut := runCLI(t, noEnv, args...)
		if want := map[string]string{"extra": "help takes one command", "nothing": `unknown command "nothing"`}[args[len(args)-1]]; code != 2 || out != "" || !strings.Contains(errOut, want) {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want a usage error saying %q", strings.Join(args, " "), code, out, errOut, want)
		}
	}
	for _, cmd := range commands {
		if code, out, _ := runCLI(t, noEnv, cmd, "-h"); code != 0 || !strings.HasPrefix(out, "usage: nqueens "+cmd+" ") && !strings.HasPrefix(out, "usage: nqueens "+cmd+"\n") {
			t.Errorf("nqueens %s -h: exit %d, stdout %q; want it to start with its usage line", cmd, code, out)
		}
	}
}

// TestNoSolution: a board without solutions is an answer, not an error,
// for every command that counts or lists: count prints 0, the others
// nothing on stdout and a note on stderr, all with exit status 0. For
// construct, which prints one solution, it is a failure: exit status 1.
func TestNoSolution(t *testing.T) {
	for _, tt := range []struct {
		args      []string
		out, note string
	}{
		{[]string{"count", "3"}, "0\n", ""},
		{[]string{"count", "-strategy", "naive", "2"}, "0\n", ""},
		{[]string{"list", "3"}, "", "nqueens: no solution: the 3×3 board has none\n"},
		{[]string{"complete", "1,.,.,0"}, "", "nqueens: no completion\n"},
		{[]string{"complete", "-count", "1,.,.,0"}, "0\n", ""},
	} {
		if code, out, errOut := runCLI(t, noEnv, tt.args...); code != 0 || out != tt.out || errOut != tt.note {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want 0, %q, %q", strings.Join(tt.args, " "), code, out, errOut, tt.out, tt.note)
		}
	}
	if code, out, errOut := runCLI(t, noEnv, "construct", "2"); code != 1 || out != "" || errOut != "nqueens: no solution: the 2×2 board has none\n" {
		t.Errorf("nqueens construct 2: exit %d, stdout %q, stderr %q; want 1, and no solution", code, out, errOut)
	}
}

// TestVersion: nqueens version and -version print the version, the split
// plan, the Go that built the command and the kernels it runs, which
// GODEBUG narrows.
func TestVersion(t *testing.T) {
	tail, _ := backtrack.Kernel()
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		code, out, _ := runCLI(t, noEnv, args...)
		want := fmt.Sprintf("plan %d %s %s/%s kernels match=", shard.PlanVersion, runtime.Version(), runtime.GOOS, runtime.GOARCH)
		if code != 0 || !strings.HasPrefix(out, "nqueens ") || !strings.Contains(out, want) || !strings.HasSuffix(out, " tail="+tail+"\n") {
			t.Errorf("nqueens %s: exit %d, %q; want the version, then %q and the kernels", args[0], code, out, want)
		}
	}
	if testing.Short() || runtime.GOARCH != "amd64" {
		return
	}
	bin := buildCommand(t)
	// Without AVX-512, the AVX2 kernels run where the processor has AVX2
	// and the few features beside it that they use.
	avx2 := "kernels match="
	if (isa.Set{isa.AVX, isa.AVX2, isa.BMI2, isa.CMOV, isa.POPCNT}).Has() {
		avx2 = "match=avx2 pairs=avx2 transpose=avx2"
	}
	for _, tt := range []struct{ godebug, want string }{
		{"cpu.avx512f=off", avx2},
		{"cpu.avx512f=off,cpu.avx2=off", "match=go pairs=go transpose=go"},
	} {
		cmd := exec.Command(bin, "version")
		cmd.Env = append(os.Environ(), "GODEBUG="+tt.godebug)
		out, err := cmd.Output()
		if err != nil || !strings.Contains(string(out), tt.want) || strings.Contains(string(out), "avx512") {
			t.Errorf("GODEBUG=%s nqueens version: %q, %v; want kernels %q", tt.godebug, out, err, tt.want)
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
		{[]string{"count"}, "count needs the board size N"},
		{[]string{"complete"}, "complete needs a board"},
		{[]string{"help", "foo"}, `help: unknown command "foo"`},
		{[]string{"count", "-5"}, "board size -5 out of range [0, 64]"},
		{[]string{"count", "abc"}, `board size "abc" is not a whole number`},
		{[]string{"count", "65"}, "board size 65 out of range [0, 64]"},
		{[]string{"count", "29"}, "count: n=29 takes at least 230 core-years, and its count passes 2^64, which a whole count cannot hold: counted at all, it is counted in shards"},
		{[]string{"count", "40"}, "nqueens: count: n=40 takes at least 2.3·10^11 core-years"},
		{[]string{"count", "8", "9"}, `count takes only the board size N, got 2 arguments: "8 9"`},
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
		{[]string{"count", "-strategy", "magic", "8"}, `nqueens: count: unknown strategy "magic"`},
		{[]string{"list", "-limit", "-1", "8"}, "-limit -1 is negative"},
		{[]string{"construct", "-board", "1001"}, "-board draws boards up to 1000 squares a side"},
		{[]string{"complete", "0,1,.,."}, "queens (0, 0) and (1, 1) attack each other"},
		{[]string{"complete", "0,9"}, "cannot parse board"},
		{[]string{"merge"}, "no files"},
		{[]string{"count", "-checkpoint", "", "8"}, "-checkpoint is empty"},
		{[]string{"verify", "-checkpoint", "", "x.json"}, "verify: -checkpoint is empty"},
		{[]string{"verify", "-parts", "0", "x.json"}, "verify: -parts 0: want 1 or more"},
		{[]string{"verify", "-parts", "3", "-part", "3", "x.json"}, "verify: -part 3 of 3, want 0 to 2"},
		{[]string{"verify", "-part", "1", "x.json"}, "verify: -part 1 of 1, want 0 to 0"},
		{[]string{"count", "-strategy", "", "8"}, "-strategy is empty"},
		{[]string{"count", "-workers", "0x10", "8"}, `"0x10" is not a whole number`},
		{[]string{"count", "-shards", "1_000", "8"}, `"1_000" is not a whole number`},
		{[]string{"list", "-limit", "+5", "8"}, `"+5" is not a whole number`},
		{[]string{"complete", ""}, "the text is blank"},
		{[]string{"count", "-unique", "-shards", "2", "-shard", "0", "16"}, "-unique needs the whole board"},
		{[]string{"count", "-memory", "0", "8"}, `"0" is not an amount of memory`},
		{[]string{"count", "-memory", "4g", "8"}, `"4g" is not an amount of memory`},
		{[]string{"count", "-memory", "G", "8"}, `"G" is not an amount of memory`},
		{[]string{"count", "-memory", "9000000000000G", "8"}, `is more memory than a count can be given: want at most 8388607T`},
		{[]string{"count", "-memory", "99999999T", "8"}, `"99999999T" is more memory than a count can be given`},
		{[]string{"count", "-memory", "99999999999999999999T", "8"}, `is more memory than a count can be given`},
		{[]string{"count", "-memory", "50M", "22"}, "count: n=22 on"},
		{[]string{"count", "-strategy", "bitwise", "-memory", "1G", "8"}, "without -memory"},
		{[]string{"merge", filepath.Join(t.TempDir(), "missing.json")}, "no such file"},
		{[]string{"count", "-checkpoint-every", "1s", "8"}, "-checkpoint-every without -checkpoint"},
		{[]string{"complete", filepath.Join(t.TempDir(), "missing.txt")}, "is no file (no such file or directory) and no board"},
		{[]string{"complete", t.TempDir()}, "is no file (a directory) and no board"},
		{[]string{"merge", "-json", "x"}, "flag provided but not defined: -json"},
		{[]string{"version", "x"}, `version takes no arguments, got "x"`},
		{[]string{"count", "-shard", "3", "16"}, "-shard 3 without -shards: a count of shard i needs -shards k"},
		{[]string{"count", "-shard", "99999999999999999999", "-shards", "4", "8"}, `"99999999999999999999" is a whole number too large`},
		{[]string{"list", "-limit", "99999999999999999999", "8"}, `"99999999999999999999" is a whole number too large`},
		{[]string{"count", "99999999999999999999"}, "board size 99999999999999999999 out of range [0, 64]"},
		{[]string{"complete", "-count", "-limit", "3", "1,.,.,."}, "-count with -limit"},
		{[]string{"complete", emptyFile(t)}, `is empty: it should hold a board`},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, noEnv, tt.args...)
		first, _, _ := strings.Cut(errOut, "\n")
		if code == 0 || out != "" || !strings.HasPrefix(first, "nqueens: ") || !strings.Contains(first, tt.want) {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want a failure saying %q", strings.Join(tt.args, " "), code, out, errOut, tt.want)
		}
	}
	// A command without flags says so, and its usage, where another
	// points to its flags.
	if _, _, errOut := runCLI(t, noEnv, "merge", "-json", "x"); !strings.Contains(errOut, "(nqueens merge takes no flags; usage: nqueens merge FILE...)") {
		t.Errorf("nqueens merge -json x: stderr %q; want merge's usage, without flags", errOut)
	}
	if _, out, _ := runCLI(t, noEnv, "merge", "-h"); !strings.Contains(out, "merge takes no flags") {
		t.Errorf("nqueens merge -h: %q; want it to say merge takes no flags", out)
	}
	// A usage error names the problem in one line, then where the help is.
	if _, _, errOut := runCLI(t, noEnv, "count", "abc"); strings.Count(errOut, "\n") != 2 || !strings.Contains(errOut, "nqueens count -h") {
		t.Errorf("nqueens count abc: stderr %q; want one line and a pointer to count -h", errOut)
	}
	code, _, errOut := runCLI(t, func(name string) string {
		if name == "SLURM_ARRAY_TASK_ID" {
			return "12"
		}
		return ""
	}, "count", "-shards", "8", "10")
	if code != exitUsage || !strings.Contains(errOut, "SLURM_ARRAY_TASK_ID=12, shard 12 out of range [0, 7] for 8 shards") {
		t.Errorf("count with SLURM_ARRAY_TASK_ID out of range: exit %d, stderr %q; want the variable named", code, errOut)
	}
	both := func(name string) string {
		return map[string]string{"JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "2"}[name]
	}
	code, _, errOut = runCLI(t, both, "count", "-shards", "4", "8")
	if code != exitUsage || !strings.Contains(errOut, "JOB_COMPLETION_INDEX=1 and SLURM_ARRAY_TASK_ID=2 name different shards: give -shard i") {
		t.Errorf("count with two shard indices in the environment: exit %d, stderr %q; want both named", code, errOut)
	}
	code, out, errOut := runCLI(t, both, "count", "8")
	if code != 0 || out != "92\n" || !strings.Contains(errOut, "without -shards the whole board is counted") {
		t.Errorf("count with a shard index in the environment and no -shards: exit %d, %q, stderr %q; want the whole board and a note", code, out, errOut)
	}
	// The same index written two ways names one shard.
	same := func(name string) string {
		return map[string]string{"JOB_COMPLETION_INDEX": "01", "SLURM_ARRAY_TASK_ID": "1"}[name]
	}
	if code, out, errOut := runCLI(t, same, "count", "-shards", "3", "8"); code != 0 || out != "24\n" {
		t.Errorf("count with JOB_COMPLETION_INDEX=01 and SLURM_ARRAY_TASK_ID=1: exit %d, %q, stderr %q; want shard 1, 24", code, out, errOut)
	}
	code, out, errOut = runCLI(t, both, "count", "-shards", "1", "8")
	if code != 0 || out != "92\n" || !strings.Contains(errOut, "-shards 1 counts the whole board") || strings.Contains(errOut, "without -shards") {
		t.Errorf("count -shards 1 with a shard index in the environment: exit %d, %q, stderr %q; want the whole board and a note on -shards 1", code, out, errOut)
	}
	code, _, errOut = runCLI(t, func(string) string { return "x" }, "count", "-shards", "3", "8")
	if code != exitUsage || !strings.Contains(errOut, `JOB_COMPLETION_INDEX="x" is not a shard index`) {
		t.Errorf("count with a bad JOB_COMPLETION_INDEX: exit %d, stderr %q", code, errOut)
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

// TestSignals stops commands that would run for minutes, or wait without
// end on stdin or a FIFO, with SIGINT and SIGTERM, as Ctrl-C and a batch
// system do, and wants them gone at once with the shell's exit status,
// whole boards on stdout.
func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	empty := strings.TrimSuffix(strings.Repeat(".,", 26), ",")
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		sig  syscall.Signal
		code int
	}{
		{[]string{"list", "-limit", "0", "24"}, syscall.SIGINT, 130},
		{[]string{"count", "-strategy", "naive", "16"}, syscall.SIGINT, 130},
		{[]string{"count", "-strategy", "bitwise", "20"}, syscall.SIGTERM, 143},
		{[]string{"count", "22"}, syscall.SIGTERM, 143},
		{[]string{"count", "-shards", "1000", "-shard", "0", "64"}, syscall.SIGINT, 130}, // while it plans
		{[]string{"complete", "-count", empty}, syscall.SIGINT, 130},
		{[]string{"merge", "-"}, syscall.SIGINT, 130},
		{[]string{"merge", fifo}, syscall.SIGTERM, 143},
		{[]string{"complete", "-"}, syscall.SIGTERM, 143},
		{[]string{"construct", "268435456"}, syscall.SIGINT, 130},
		{[]string{"verify", "-by", "backtracking", forge(t, record{N: 20, Shard: 3, Shards: 10, Total: 1})}, syscall.SIGINT, 130}, // a recount of minutes
	} {
		name := strings.Join(tt.args, " ")
		var cmd *exec.Cmd
		var stdout, stderr syncBuffer
		var took time.Duration
		// A signal that comes before the command catches signals ends it
		// as the system does, which a busy machine can make happen: it is
		// sent again, later, to a command started again.
		for wait := 200 * time.Millisecond; ; wait *= 4 {
			stdout, stderr = syncBuffer{}, syncBuffer{}
			cmd, took = interrupt(t, bin, tt.args, tt.sig, wait, &stdout, &stderr)
			ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if !ws.Signaled() || wait > 10*time.Second {
				break
			}
		}
		// Each command would run for minutes if it missed the signal: two
		// seconds catch that on a machine however busy.
		if code := cmd.ProcessState.ExitCode(); code != tt.code || took > 2*time.Second {
			t.Errorf("nqueens %s: exit %d %v after %v; want %d at once", name, code, cmd.ProcessState, took, tt.code)
		}
		if !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("nqueens %s: stderr %q; want it to say it was interrupted", name, stderr.String())
		}
		if name == "count 22" && !strings.Contains(stderr.String(), "is lost: count -checkpoint FILE saves a count as it goes") {
			t.Errorf("nqueens %s: stderr %q; want it to say that -checkpoint would have kept the work", name, stderr.String())
		}
		if name == "count -shards 1000 -shard 0 64" && !strings.Contains(stderr.String(), "it will not end in a lifetime") {
			t.Errorf("nqueens %s: stderr %q; want it to say the count cannot end", name, stderr.String())
		}
		if out := stdout.String(); tt.args[0] == "list" && (out == "" || strings.Count(out, "\n")%25 != 24) {
			t.Errorf("nqueens %s: %d lines on stdout, not whole 24-line boards", name, strings.Count(out, "\n"))
		}
	}
}

// interrupt starts the built command bin with args, its stdin a pipe
// that stays open and says nothing, as a terminal does, and sends it sig
// once it has run for wait and, if it lists boards, once it has drawn
// one. It returns the ended command and how long it took to end after
// sig.
func interrupt(t *testing.T, bin string, args []string, sig syscall.Signal, wait time.Duration, stdout, stderr *syncBuffer) (*exec.Cmd, time.Duration) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	stdin, idle, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	defer idle.Close()
	cmd.Stdin = stdin
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(wait)
	for start := time.Now(); args[0] == "list" && stdout.Len() == 0 && time.Since(start) < 10*time.Second; {
		time.Sleep(10 * time.Millisecond)
	}
	sent := time.Now()
	cmd.Process.Signal(sig)
	timer := time.AfterFunc(10*time.Second, func() { cmd.Process.Kill() })
	cmd.Wait()
	timer.Stop()
	return cmd, time.Since(sent)
}

// syncBuffer is a bytes.Buffer that a process writes while a test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Len()
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestWriteErrors wants every command that prints to say so, and fail,
// when its output cannot be written.
func TestWriteErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{
		{"list", "-limit", "0", "12"},
		{"complete", ".,.,.,.,.,."},
		{"count", "10"},
		{"construct", "1000"},
		{"trace", "-solutions", "0", "8"},
		{"help"},
		{"help", "count"},
		{"count", "-h"},
		{"version"},
	} {
		cmd := exec.Command(bin, args...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &stderr
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(stderr.String(), "no space left") {
			t.Errorf("nqueens %s > /dev/full: exit %d, %v, stderr %q; want 1 and the write error", strings.Join(args, " "), code, err, stderr.String())
		}
	}
}

// TestCommandUsage wants each command's usage line to be its own
// synopses and the lines of flags that go on from them, none of the next
// command's.
func TestCommandUsage(t *testing.T) {
	for name, want := range map[string]string{
		"list":   "nqueens list [-limit k] [-progress-every d] N",
		"verify": "nqueens verify [-sample F] [-seed text] [-by method] [-part i -parts k] [-workers k] [-checkpoint file [-checkpoint-every d]] [-progress-every d] FILE...",
		"merge":  "nqueens merge FILE...",
		"count": "nqueens count [-workers k] [-unique] [-json] [-shard i -shards k] [-checkpoint file [-checkpoint-every d]] [-memory size] [-progress-every d] N; " +
			"nqueens count -strategy name N",
	} {
		if got := commandUsage(name); got != want {
			t.Errorf("the usage of %s: %q, want %q", name, got, want)
		}
	}
	if _, out, _ := runCLI(t, noEnv, "help", "list"); !strings.HasPrefix(out, "usage: nqueens list [-limit k] [-progress-every d] N\n") {
		t.Errorf("nqueens help list: %q; want list's usage alone", out)
	}
}

// TestUsageDocumented keeps the usage text in step with the commands: it
// names every command and every flag; the package comment, which points
// to it, names every command.
func TestUsageDocumented(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	for _, cmd := range commands {
		_, help, _ := runCLI(t, noEnv, cmd, "-h")
		var flags []string
		for _, line := range strings.Split(help, "\n") {
			if name, ok := strings.CutPrefix(strings.TrimSpace(line), "-"); ok && strings.HasPrefix(line, "  -") {
				flags = append(flags, "-"+strings.Fields(name)[0])
			}
		}
		for _, word := range append([]string{"nqueens " + cmd}, flags...) {
			named := regexp.MustCompile(regexp.QuoteMeta(word) + `\b`)
			if !named.MatchString(usage) {
				t.Errorf("the usage text does not name %q of %s", word, cmd)
			}
		}
		if !regexp.MustCompile(`\b` + cmd + `\b`).MatchString(doc) {
			t.Errorf("the package comment does not name the command %s", cmd)
		}
	}
}

// emptyFile returns the name of an empty file.
func emptyFile(t *testing.T) string {
	name := filepath.Join(t.TempDir(), "empty.txt")
	if err := os.WriteFile(name, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}
