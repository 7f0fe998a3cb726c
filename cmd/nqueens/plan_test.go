package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gonqueens/nqueens/shard"
)

// TestPlanCampaign plans a campaign of 16 in 8 shards with -records,
// counts the shards the sample did not, and wants merge of them all to
// give OEIS's count and verify to find every record agreeing.
func TestPlanCampaign(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, noEnv, "plan", "-shards", "8", "-samples", "3", "-seed", "5", "-records", dir, "-json", "16")
	if code != 0 {
		t.Fatalf("plan -records: exit %d, %q", code, errOut)
	}
	var p struct {
		N, Shards int
		Sample    []int
		Seed      uint64
		Total     struct{ Estimate, Low, High float64 }
		CoreHours struct{ Estimate, Low, High float64 } `json:"core_hours"`
		CPU       struct{ Mean, Max float64 }           `json:"cpu_seconds"`
		Memory    int64                                 `json:"memory_bytes"`
		TimeLimit float64                               `json:"time_limit_seconds"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil || p.N != 16 || p.Shards != 8 || len(p.Sample) != 3 || p.Seed != 5 ||
		p.Total.Low > p.Total.Estimate || p.Total.Estimate > p.Total.High || p.CPU.Max < p.CPU.Mean || p.Memory <= 0 || p.TimeLimit < 60 {
		t.Fatalf("plan -json: %q, %v", out, err)
	}
	for i := range 8 {
		name := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		if slices.Contains(p.Sample, i) {
			continue
		}
		code, rec, errOut := runCLI(t, noEnv, "count", "-json", "-shards", "8", "-shard", fmt.Sprint(i), "16")
		if code != 0 || os.WriteFile(name, []byte(rec), 0o644) != nil {
			t.Fatalf("count shard %d: exit %d, %q", i, code, errOut)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if code, out, errOut := runCLI(t, noEnv, append([]string{"merge"}, files...)...); code != 0 || out != "n=16 shards=8 total=14772512 unique=1846955\n" {
		t.Errorf("merge of the plan's records and the rest: exit %d, %q, %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, noEnv, append([]string{"verify"}, files...)...)
	switch {
	case strings.HasPrefix(shard.Kernels(), "match=go "):
		// A build of the Go kernels alone has no others to recount its
		// own records on.
		if code != 1 || !strings.Contains(errOut, "verify these records on a machine with other kernels") {
			t.Errorf("verify of the plan's records and the rest, on the Go kernels that made them: exit %d, %q, %q; want a refusal", code, out, errOut)
		}
	case code != 0 || !strings.Contains(out, "8 of 8 records recounted, share 1: all agree"):
		t.Errorf("verify of the plan's records and the rest: exit %d, %q, %q", code, out, errOut)
	}
	// A second plan takes the records there rather than count their
	// shards again: all of them, for a sample of every shard.
	code, out, errOut = runCLI(t, noEnv, "plan", "-shards", "8", "-samples", "8", "-records", dir, "16")
	if code != 0 || !strings.Contains(out, "total: 14772512, 95% interval 14772512 to 14772512\n") || !strings.Contains(out, "(8 of them there before, and not counted again)") {
		t.Errorf("plan -records into a folder of every shard's record: exit %d, %q, %q; want the exact count, from the records", code, out, errOut)
	}
	// A record under another shard's name is refused.
	text, _ := os.ReadFile(filepath.Join(dir, "shard-0.json"))
	if err := os.WriteFile(filepath.Join(dir, "shard-9.json"), text, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, noEnv, "plan", "-shards", "8", "-samples", "3", "-records", dir, "16"); code != 1 || !strings.Contains(errOut, "shard-9.json: a record of shard 0, which plan keeps in shard-0.json") {
		t.Errorf("plan -records into a folder with a record under another shard's name: exit %d, %q; want a refusal", code, errOut)
	}
}

// TestPlanExact wants a sample of every shard to print the exact count,
// an interval of no width.
func TestPlanExact(t *testing.T) {
	code, out, errOut := runCLI(t, noEnv, "plan", "-shards", "4", "-samples", "4", "16")
	if code != 0 || !strings.Contains(out, "counted 4 of them (every shard: exact)") || !strings.Contains(out, "total: 14772512, 95% interval 14772512 to 14772512\n") {
		t.Errorf("plan of every shard of 16: exit %d, stdout %q, stderr %q; want the exact count", code, out, errOut)
	}
}

// TestPlanRefused wants every bad flag refused with what is allowed.
func TestPlanRefused(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"plan", "-shards", "-1", "16"}, "-shards -1 out of range"},
		{[]string{"plan", "-shards", "4", "-samples", "5", "16"}, "-samples 5 out of range [2, 4]"},
		{[]string{"plan", "-shards", "4", "-samples", "1", "16"}, "a sample of 1 of 4 shards, want 2 to 4"},
		{[]string{"plan", "-seed", "0", "16"}, "-seed 0 is not a number from 1"},
		{[]string{"plan", "-seed", "x", "16"}, "-seed x is not a number"},
		{[]string{"plan", "-cores", "0", "16"}, "-cores 0: want 1 or more"},
		{[]string{"plan", "-workers", "-1", "16"}, "-workers -1 is negative"},
		{[]string{"plan", "-records", "", "16"}, "-records is empty"},
		{[]string{"plan", "65"}, "board size 65 out of range"},
		{[]string{"plan"}, "plan needs the board size N"},
	} {
		if code, out, errOut := runCLI(t, noEnv, tt.args...); code == 0 || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("nqueens %s: exit %d, stdout %q, stderr %q; want a refusal saying %q", strings.Join(tt.args, " "), code, out, errOut, tt.want)
		}
	}
}
