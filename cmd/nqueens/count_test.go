package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gonqueens/nqueens/shard"
)

func TestCount(t *testing.T) {
	testOutputs(t, []output{
		{[]string{"count", "8"}, "92\n"},
		{[]string{"count", "-unique", "10"}, "724 92\n"},
		{[]string{"count", "-workers", "1", "0"}, "1\n"},
		{[]string{"count", "-strategy", "flipped", "9"}, "352\n"},
		{[]string{"count", "-strategy", "Bitwise", "9"}, "352\n"},
		// Leading zeros mean nothing, as head -n 08 reads them.
		{[]string{"count", "08"}, "92\n"},
		{[]string{"count", "-workers", "002", "0010", "-unique"}, "724 92\n"},
		// Flags may follow the board size.
		{[]string{"count", "10", "-unique"}, "724 92\n"},
		{[]string{"count", "-workers", "1", "8", "-unique"}, "92 12\n"},
	})
}

// TestCheckpointStoppedEarly stops a count before its first save, and
// wants it to say that nothing is saved, not that the same command goes
// on from a file that is not there; and, resumed, that the file holds
// the state it resumed from.
func TestCheckpointStoppedEarly(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	state := filepath.Join(t.TempDir(), "fresh")
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"count", "-checkpoint", state, "16"}, noEnv, strings.NewReader(""), &stdout, &stderr)
	if _, err := os.Lstat(state); code != exitInterrupted || !strings.Contains(stderr.String(), "before its first save: nothing is saved in "+state) || err == nil {
		t.Errorf("count -checkpoint stopped at once: exit %d, stderr %q, checkpoint %v; want no save claimed, and none made", code, stderr.String(), err)
	}
	if code, _, errOut := runCLI(t, noEnv, "count", "-checkpoint", state, "10"); code != 0 {
		t.Fatalf("count -checkpoint: exit %d, %s", code, errOut)
	}
	stderr.Reset()
	code = run(ctx, []string{"count", "-checkpoint", state, "10"}, noEnv, strings.NewReader(""), &stdout, &stderr)
	if code != exitInterrupted || !strings.Contains(stderr.String(), state+" still holds the state it resumed from") {
		t.Errorf("count -checkpoint resumed and stopped at once: exit %d, stderr %q; want the state resumed from named", code, stderr.String())
	}
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

// TestCheckpoint stops counts that keep a checkpoint once it holds a
// state midway, kills them with SIGKILL or interrupts them with SIGINT,
// resumes them and wants the exact counts, for one and two workers and
// for a shard.
func TestCheckpoint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	shard1, err := shard.Job{N: 18, Index: 1, Of: 2}.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// Each count takes a second or more, hundreds of saves: the test
	// stops it at one of its first.
	for _, tt := range []struct {
		args []string
		sig  syscall.Signal
		want string
	}{
		{[]string{"-unique", "-workers", "1", "18"}, syscall.SIGKILL, "666090624 83263591\n"},
		{[]string{"-unique", "-workers", "2", "17"}, syscall.SIGKILL, "95815104 11977939\n"},
		{[]string{"-unique", "-workers", "2", "17"}, syscall.SIGINT, "95815104 11977939\n"},
		{[]string{"-workers", "1", "-shards", "2", "-shard", "1", "18"}, syscall.SIGKILL, fmt.Sprintf("%d\n", shard1.Total)},
	} {
		file := filepath.Join(t.TempDir(), "state")
		args := append([]string{"count", "-checkpoint", file, "-checkpoint-every", "20ms"}, tt.args...)
		name := strings.Join(args, " ")
		cmd := exec.Command(bin, args...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// SIGSTOP holds the count where it stands, a state midway in its
		// checkpoint, until the signal under test reaches it.
		if err := waitMidway(file, cmd); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Errorf("nqueens %s: %v", name, err)
			continue
		}
		cmd.Process.Signal(syscall.SIGSTOP)
		cmd.Process.Signal(tt.sig)
		cmd.Process.Signal(syscall.SIGCONT)
		cmd.Wait()
		if cmd.ProcessState.Success() {
			t.Errorf("nqueens %s finished despite the %v", name, tt.sig)
			continue
		}
		var before shard.State
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

// waitMidway polls the checkpoint file of the running count cmd until it
// holds a state with some subproblems done and some not, for up to 30
// seconds, which a count that never saves takes to fail.
func waitMidway(file string, cmd *exec.Cmd) error {
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		var s shard.State
		if s.UnmarshalBinary(b) == nil && s.Done() > 0 && s.Done() < s.Subproblems() {
			return nil
		}
		if s.Done() > 0 {
			return fmt.Errorf("its checkpoint holds a state of %d of %d done before one midway was seen: the test needs a longer count", s.Done(), s.Subproblems())
		}
	}
	return errors.New("no state midway in its checkpoint after 30 s")
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
	recounted := filepath.Join(dir, "recounted")
	record := filepath.Join(dir, "record.json")
	_, out, _ := runCLI(t, noEnv, "count", "-json", "-shards", "2", "-shard", "0", "12")
	os.WriteFile(record, []byte(out), 0o644)
	if code, _, errOut := runCLI(t, noEnv, "verify", "-checkpoint", recounted, record); code != 0 {
		t.Fatalf("verify with a new checkpoint: exit %d, %s", code, errOut)
	}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"cut short", []string{"-shards", "2", "-shard", "0", "-checkpoint", write("short", b[:len(b)-3]), "12"}, "checksum mismatch"},
		{"a flipped bit", []string{"-shards", "2", "-shard", "0", "-checkpoint", write("flipped", flipped), "12"}, "checksum mismatch"},
		{"another n", []string{"-shards", "2", "-shard", "0", "-checkpoint", good, "13"}, "holds a state of n=12, but this count is of n=13: give this count another -checkpoint file, or remove"},
		{"another shard", []string{"-shards", "2", "-shard", "1", "-checkpoint", good, "12"}, "holds a state of shard 0 of 2, but this count is of shard 1 of 2"},
		{"empty", []string{"-checkpoint", write("empty", nil), "12"}, "bad state: empty"},
		{"not a state", []string{"-checkpoint", write("json", []byte(`{"n":12}`)), "12"}, "not a state of nqueens"},
		{"a directory", []string{"-checkpoint", dir, "12"}, "is a directory"},
		{"a recount's", []string{"-shards", "2", "-shard", "0", "-checkpoint", recounted, "12"}, "holds a state of a recount by backtracking, but this is a count"},
	} {
		code, out, errOut := runCLI(t, noEnv, append([]string{"count"}, tt.args...)...)
		if code == 0 || out != "" || !strings.Contains(errOut, tt.want) || strings.Contains(errOut, "resuming") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want a refusal saying %q, and no resuming", tt.name, code, out, errOut, tt.want)
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
		{[]string{"NQUEENS=" + bin, "SLURM_ARRAY_TASK_ID=n"}, []string{"10", "4"}, "SLURM_ARRAY_TASK_ID is an array index, a whole number, not 'n'"},
		{[]string{"NQUEENS=" + bin, "SLURM_ARRAY_TASK_ID=1+1"}, []string{"10", "4"}, "not '1+1'"},
		{[]string{"NQUEENS=" + bin, "SLURM_ARRAY_TASK_ID=abc"}, []string{"10", "4"}, "not 'abc'"},
		{[]string{"NQUEENS=" + bin, "SLURM_ARRAY_TASK_ID=0"}, []string{"10", "4", "x[$(touch injected)]"}, "OFFSET is a whole number"},
		{[]string{"NQUEENS=" + bin, "SLURM_ARRAY_TASK_ID=0"}, []string{"10"}, "usage: sbatch"},
	} {
		out, err := task(tt.env, tt.args...)
		if err == nil || !strings.Contains(out, tt.want) {
			t.Errorf("count.sbatch %s with %s: %v, %q; want a failure saying %q", strings.Join(tt.args, " "), tt.env, err, out, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "injected")); err == nil {
		t.Errorf("count.sbatch ran code from its arguments")
	}
}

// TestLocalScript runs deploy/local.sh on a small board, and wants every
// bad argument refused once, up front, before any process starts, and no
// argument ever run as code.
func TestLocalScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command in the script and runs it")
	}
	script, err := filepath.Abs("../../deploy/local.sh")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// Each run is bounded, and ends with every process it started: a script
	// that starts a process a shard must not take the machine with it.
	run := func(args ...string) (string, string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "bash", append([]string{script}, args...)...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
		cmd.Dir = dir
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		return stdout.String(), stderr.String(), err
	}
	// The records stay in nqueens-N-K, merged, and verified, all of so few.
	if out, errOut, err := run("10", "4", "2"); err != nil || !strings.HasPrefix(out, wantMerged(t, 10, 4)) || !strings.HasSuffix(out, "4 of 4 records recounted, share 1: all agree\n") {
		t.Errorf("local.sh 10 4 2: %q, %v, stderr %q; want %q, then every record verified", out, err, errOut, wantMerged(t, 10, 4))
	}
	if records, _ := filepath.Glob(filepath.Join(dir, "nqueens-10-4", "*.json")); len(records) != 4 {
		t.Errorf("local.sh 10 4 2 kept the records %q, want 4", records)
	}
	if out, errOut, err := run("08", "03"); err != nil || !strings.HasPrefix(out, wantMerged(t, 8, 3)) || !strings.Contains(out, "all agree") {
		t.Errorf("local.sh 08 03: %q, %v, stderr %q; want %q", out, err, errOut, wantMerged(t, 8, 3))
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"8", "2000000"}, "K (the number of shards) = 2000000 is out of range [1, 1048576]"},
		{[]string{"8; touch injected; true", "2", "1"}, "N (the board size) is a whole number, not '8; touch injected; true'"},
		{[]string{"99", "3"}, "N (the board size) = 99 is out of range [0, 64]"},
		{[]string{"14"}, "want 2 or 3 arguments, got 1"},
		{[]string{"8", "2", "0"}, "JOBS (the processes at once) = 0"},
		{[]string{"8", "1+1"}, "not '1+1'"},
		{[]string{"10", "4"}, "nqueens-10-4 is there already, with the records of an earlier run"},
	} {
		start := time.Now()
		out, errOut, err := run(tt.args...)
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || out != "" || strings.Count(errOut, "local.sh: ") != 1 ||
			!strings.Contains(errOut, tt.want) || time.Since(start) > 2*time.Second {
			t.Errorf("local.sh %q: %v after %v, stdout %q, stderr %q; want exit 2 at once, saying %q once",
				tt.args, err, time.Since(start), out, errOut, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "injected")); err == nil {
		t.Errorf("local.sh ran code from its arguments")
	}
}

// forgeState rewrites the marshalled shard.State in file with field i of
// its fields (the order of the format: plan, n, shard, shards,
// subproblems, total, unique, invariant90, invariant180, kind) made v,
// its checksum computed anew: damage that the checksum does not catch.
func forgeState(t *testing.T, file string, i int, v uint64) {
	t.Helper()
	b := mustRead(file)
	rest := b[len(shard.StateHeader)+1 : len(b)-16]
	var fields []uint64
	for range 10 {
		x, n := binary.Uvarint(rest)
		if n <= 0 {
			t.Fatalf("%s: no state of 10 fields", file)
		}
		fields, rest = append(fields, x), rest[n:]
	}
	fields[i] = v
	out := append([]byte{}, b[:len(shard.StateHeader)+1]...)
	for _, x := range fields {
		out = binary.AppendUvarint(out, x)
	}
	out = append(out, rest...)
	sum := sha256.Sum256(out)
	if err := os.WriteFile(file, append(out, sum[:16]...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCheckpointDamaged resumes counts of a whole board from checkpoints
// whose counts a forger changed, the checksum made anew, and wants each
// refused with the checkpoint named damaged and how to start afresh, not
// an internal error: a finished count's at once, and a count's stopped
// midway once it is done, as its counts are no board's only then.
func TestCheckpointDamaged(t *testing.T) {
	const want = "365596 45752\n"
	dir := t.TempDir()
	finished, midway := filepath.Join(dir, "finished"), filepath.Join(dir, "midway")
	if code, out, errOut := runCLI(t, noEnv, "count", "-unique", "-checkpoint", finished, "14"); code != 0 || out != want {
		t.Fatalf("count -checkpoint: exit %d, %q, %q", code, out, errOut)
	}
	// A count stopped once its first save is there.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		for ; ; time.Sleep(time.Millisecond) {
			_, err := os.Stat(midway)
			select {
			case <-done:
				return
			default:
				if err == nil {
					cancel()
					return
				}
			}
		}
	}()
	run(ctx, []string{"count", "-unique", "-workers", "1", "-checkpoint", midway, "-checkpoint-every", "1ms", "16"}, noEnv, strings.NewReader(""), io.Discard, io.Discard)
	close(done)
	cancel()
	var s shard.State
	if err := s.UnmarshalBinary(mustRead(midway)); err != nil || s.Done() == s.Subproblems() {
		t.Fatalf("count -checkpoint 16 stopped: %v, %d of %d done; want a state midway", err, s.Done(), s.Subproblems())
	}
	for _, tt := range []struct {
		file, n string
	}{{finished, "14"}, {midway, "16"}} {
		var s shard.State
		if err := s.UnmarshalBinary(mustRead(tt.file)); err != nil {
			t.Fatal(err)
		}
		forgeState(t, tt.file, 7, s.Counts().Invariant90+1) // one more fixed by a quarter turn: Burnside's lemma refuses
		code, out, errOut := runCLI(t, noEnv, "count", "-unique", "-checkpoint", tt.file, tt.n)
		if code != exitFailure || out != "" || !strings.Contains(errOut, "checkpoint "+tt.file+" is damaged") ||
			!strings.Contains(errOut, "remove "+tt.file+", and the same command starts afresh") || strings.Contains(errOut, "internal error") {
			t.Errorf("count %s resumed from a forged checkpoint: exit %d, stdout %q, stderr %q; want the checkpoint named damaged", tt.n, code, out, errOut)
		}
	}
}

// TestHeldToMemory wants count, which holds Go's runtime to its -memory,
// to say the -memory that a count needs, to count at that limit, and to
// stay within it, by the peak resident memory of its process.
func TestHeldToMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs it")
	}
	bin := buildCommand(t)
	args := []string{"count", "-workers", "1", "-shards", "1000", "-shard", "3", "20"}
	cmd := exec.Command(bin, append(args[:1:1], append([]string{"-memory", "1K"}, args[1:]...)...)...)
	cmd.Env = withoutEnv("GOMEMLIMIT")
	out, _ := cmd.CombinedOutput()
	m := regexp.MustCompile(`needs -memory ([0-9]+)M or more`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("count -memory 1K: %q; want the -memory it needs", out)
	}
	need, _ := strconv.Atoi(string(m[1]))
	var stdout bytes.Buffer
	cmd = exec.Command(bin, append(args[:1:1], append([]string{"-memory", fmt.Sprintf("%dM", need)}, args[1:]...)...)...)
	cmd.Env, cmd.Stdout = withoutEnv("GOMEMLIMIT"), &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The process's own peak, VmHWM, read until it ends: its rusage would
	// hold this one's, which it was started from.
	peak, done := int64(0), make(chan error)
	go func() { done <- cmd.Wait() }()
	for waiting := true; waiting; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("count -memory %dM: %v, %q", need, err, stdout.String())
			}
			waiting = false
		case <-time.After(2 * time.Millisecond):
			peak = max(peak, residentPeak(cmd.Process.Pid))
		}
	}
	if got := stdout.String(); got != "40383360\n" {
		t.Errorf("count -memory %dM: %q; want 40383360", need, got)
	}
	t.Logf("count -memory %dM peaked at %.1f MiB resident", need, float64(peak)/(1<<20))
	if peak > int64(need)<<20 {
		t.Errorf("count -memory %dM peaked at %.1f MiB resident", need, float64(peak)/(1<<20))
	}
}

// residentPeak returns the peak resident memory of the process pid so
// far, in bytes, as Linux's /proc says it, or 0 where it says nothing.
func residentPeak(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(kb), " kB"), 10, 64)
			return n << 10
		}
	}
	return 0
}

// withoutEnv returns this process's environment without the variable
// name.
func withoutEnv(name string) []string {
	return slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, name+"=") })
}
