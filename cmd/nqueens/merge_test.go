package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gonqueens/nqueens/shard"
)

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
	c, err := shard.Job{N: n}.Count(context.Background())
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
	// A byte order mark, which some editors write first, is no part of the
	// first record.
	marked := filepath.Join(t.TempDir(), "marked.json")
	os.WriteFile(marked, append([]byte("\ufeff"), all...), 0o644)
	if code, out, errOut := runCLI(t, noEnv, "merge", marked); code != 0 || out != wantMerged(t, 10, 5) {
		t.Errorf("merge of a file that opens with a byte order mark: exit %d, %q, %q", code, out, errOut)
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
		{"twice", append(files[:5:5], files[2]), files[2] + " is given twice"},
		{"a shard twice", append(files[:5:5], copyOf(t, files[2])), "are both n=10 shard 2 of 5"},
		{"mixed n", append(files[:4:4], other[4]), "different splits: n=10 shard 0 of 5 (plan 4) and n=11 shard 4 of 5"},
		{"mixed k", append(files[:4:4], otherK[3]), "different splits"},
		{"tampered", append(files[:4:4], edit(files[4], `"total":`, `"total":1`)), "checksum mismatch"},
		{"broken", append(files[:4:4], edit(files[4], "}", "")), "not a shard record"},
		{"a stray brace", append(files[:4:4], edit(files[4], `"}`, `"}}`)), `not a shard record: "}" after the object`},
		{"a stray bracket", append(files[:4:4], edit(files[4], `"}`, `"} ]`)), `not a shard record: "]" after the object`},
		{"two objects", append(files[:4:4], edit(files[4], `"}`, `"}{}`)), `"{}" after the object`},
		{"empty", append(files[:4:4], edit(files[4], string(mustRead(files[4])), "")), "no shard records"},
		{"old plan", append(files[:4:4], edit(files[4], fmt.Sprintf(`"plan":%d`, shard.PlanVersion), `"plan":1`)), "split plan 1"},
		// Records whose checksum matches, as anyone can make: every field
		// is checked before anything is allocated for it.
		{"forged n", []string{forge(t, record{N: 99, Shards: 1, Total: 1, Unique: 1})}, "board size 99 out of range"},
		{"forged shards", []string{forge(t, record{N: 8, Shard: 0, Shards: 1 << 31, Total: 8, Unique: 1})}, "names no shard a count makes: 2147483648 shards, want 1 to 1048576"},
		{"forged shard", []string{forge(t, record{N: 8, Shard: 3, Shards: 3, Total: 8, Unique: 1})}, "names no shard a count makes: shard 3 of 3, want 0 to 2"},
		{"forged n=1", []string{forge(t, record{N: 1, Shard: 0, Shards: 1, Total: 5, Unique: 5, Invariant90: 5, Invariant180: 5})}, "but the 1×1 board has"},
		{"forged elapsed", []string{forge(t, record{N: 8, Shards: 1, Total: 92, Unique: 12, Elapsed: -1})}, "negative"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, noEnv, append([]string{"merge"}, tt.files...)...)
		if code == 0 || out != "" || !strings.Contains(errOut, tt.want) {
			t.Errorf("merge %s: exit %d, stdout %q, stderr %q; want a refusal saying %q", tt.name, code, out, errOut, tt.want)
		}
	}
}

// copyOf returns a copy of the named file, in a folder of its own.
func copyOf(t *testing.T, name string) string {
	copied := filepath.Join(t.TempDir(), filepath.Base(name))
	if err := os.WriteFile(copied, mustRead(name), 0o644); err != nil {
		t.Fatal(err)
	}
	return copied
}

// recordLine returns r, with the current plan and a matching checksum, as
// count -json prints it.
func recordLine(t *testing.T, r record) string {
	r.Plan = shard.PlanVersion
	r.Checksum = r.sum()
	line, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(line)
}

// forge writes recordLine(r) to a file and returns its name.
func forge(t *testing.T, r record) string {
	name := filepath.Join(t.TempDir(), "forged.json")
	if err := os.WriteFile(name, []byte(recordLine(t, r)), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestMergeJoin merges the shards of a join, whose records hold no unique
// counts, and wants the whole board's from Burnside's lemma; a shard of
// another version with the same split plan goes with them, and a record
// forged with a checksum that matches and a total one off is refused.
func TestMergeJoin(t *testing.T) {
	files := shardFiles(t, 14, 3)
	code, out, errOut := runCLI(t, noEnv, append([]string{"merge"}, files...)...)
	if want := wantMerged(t, 14, 3); code != 0 || out != want {
		t.Fatalf("merge of a join's shards: exit %d, stdout %q, stderr %q; want %q", code, out, errOut, want)
	}
	var r record
	if err := json.Unmarshal(mustRead(files[2]), &r); err != nil {
		t.Fatal(err)
	}
	// A shard counted by another version of the same split plan goes
	// with the others.
	r.Version = "v0.0.0-other"
	if code, out, errOut := runCLI(t, noEnv, "merge", files[0], files[1], forge(t, r)); code != 0 || out != wantMerged(t, 14, 3) {
		t.Errorf("merge with a shard of another version: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	r.Total++
	code, out, errOut = runCLI(t, noEnv, "merge", files[0], files[1], forge(t, r))
	if code != 1 || out != "" || !strings.Contains(errOut, "Burnside's lemma refuses") || !strings.Contains(errOut, files[0]+", "+files[1]) ||
		!strings.Contains(errOut, "run verify "+files[0]+" "+files[1]) {
		t.Errorf("merge with a forged total: exit %d, stdout %q, stderr %q; want a refusal naming Burnside's lemma, the files and how to find the record", code, out, errOut)
	}
	// Eight solutions more keep Burnside's lemma, but not the board's
	// known counts.
	r.Total += 7
	code, out, errOut = runCLI(t, noEnv, "merge", files[0], files[1], forge(t, r))
	if code != 1 || out != "" || !strings.Contains(errOut, "add up to a total of 365604 and 45753 unique, but the board has 365596 and 45752") ||
		!strings.Contains(errOut, "run verify") {
		t.Errorf("merge with a total eight off: exit %d, stdout %q, stderr %q; want a refusal naming both counts, and verify", code, out, errOut)
	}
}

// TestMergeRefused gives merge a record edited without its checksum, and
// a file with a line too long for a record, and wants each named by its
// line, the edited one to restore rather than to count again.
func TestMergeRefused(t *testing.T) {
	files := shardFiles(t, 9, 3)
	edited := filepath.Join(t.TempDir(), "2.json")
	os.WriteFile(edited, bytes.Replace(mustRead(files[2]), []byte(`"total":`), []byte(`"total":9`), 1), 0o644)
	code, _, errOut := runCLI(t, noEnv, "merge", files[0], files[1], edited)
	if code != 1 || !strings.Contains(errOut, "refused, each to restore from its shard's own output or to count again: "+edited+":1: checksum mismatch") ||
		strings.Contains(errOut, "Slurm") {
		t.Errorf("merge with an edited record: exit %d, stderr %q; want the record refused, to restore", code, errOut)
	}
	long := filepath.Join(t.TempDir(), "long.json")
	os.WriteFile(long, append(append(mustRead(files[2]), strings.Repeat(" ", 70<<10)...), '1', '\n'), 0o644)
	code, _, errOut = runCLI(t, noEnv, "merge", files[0], long)
	if code != 1 || !strings.Contains(errOut, long+":2: a line of over 64 KiB") {
		t.Errorf("merge with a line of 70 KiB: exit %d, stderr %q; want its file and line", code, errOut)
	}
	// With every shard there, what is refused or unreadable beside them
	// is left out, and said so: the set is complete. long's first line
	// is shard 2.
	empty := filepath.Join(t.TempDir(), "extra.json")
	os.WriteFile(empty, nil, 0o644)
	code, out, errOut := runCLI(t, noEnv, "merge", files[0], files[1], edited, long, empty)
	for _, want := range []string{edited + ":1: checksum mismatch", long + ":2: a line of over 64 KiB", empty + ": no shard records"} {
		if code != 0 || out != wantMerged(t, 9, 3) || !strings.Contains(errOut, "left out, as every shard is there without it: "+want) || strings.Contains(errOut, "incomplete") {
			t.Errorf("merge of every shard and three files beside them: exit %d, stdout %q, stderr %q; want the sum, and %q left out", code, out, errOut, want)
		}
	}
	// An object without a record's fields is no record.
	code, _, errOut = runCLIInput(t, noEnv, "{}\n", "merge", "-")
	if code != 1 || !strings.Contains(errOut, "stdin:1: not a shard record: it has no checksum") || strings.Contains(errOut, "split plan 0") {
		t.Errorf("merge of {}: exit %d, stderr %q; want no record", code, errOut)
	}
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

// TestMergePast64 merges 8 records of n = 29 as a count would write
// them, whose totals add up past 2^64, and wants the exact sums, worked
// out here with math/big.
func TestMergePast64(t *testing.T) {
	var recs []string
	total, inv90, inv180 := new(big.Int), new(big.Int), new(big.Int)
	var mod8 uint64 // what Burnside's lemma divides by 8, modulo 2^64
	for i := range 8 {
		r := record{N: 29, Shard: i, Shards: 8, Total: uint64(2.6e19/8) + uint64(i)*1001, Invariant90: uint64(i) * 3, Invariant180: uint64(i) * 70,
			Elapsed: 3.2e9, Version: "v0.0.0"}
		if i == 7 { // the last shard's total makes the sum a multiple of 8
			r.Total += (8 - (mod8+r.Total+r.Invariant180+2*r.Invariant90)%8) % 8
		}
		mod8 += r.Total + r.Invariant180 + 2*r.Invariant90
		total.Add(total, new(big.Int).SetUint64(r.Total))
		inv90.Add(inv90, new(big.Int).SetUint64(r.Invariant90))
		inv180.Add(inv180, new(big.Int).SetUint64(r.Invariant180))
		recs = append(recs, recordLine(t, r))
	}
	unique := new(big.Int).Add(total, inv180)
	unique.Add(unique, inv90).Add(unique, inv90).Rsh(unique, 3)
	code, out, errOut := runCLIInput(t, noEnv, strings.Join(recs, "\n"), "merge", "-")
	if want := fmt.Sprintf("n=29 shards=8 total=%v unique=%v\n", total, unique); code != 0 || out != want || total.IsUint64() {
		t.Errorf("merge of 8 records of 29: exit %d, stdout %q, stderr %q; want %q, past 2^64", code, out, errOut, want)
	}
}

// TestMergeBounds gives merge a split with a million shards missing, and
// wants a refusal and a message of a line.
func TestMergeBounds(t *testing.T) {
	one := forge(t, record{N: 20, Shard: 0, Shards: 1 << 20})
	code, out, errOut := runCLI(t, noEnv, "merge", one)
	if want := "1048575 of 1048576 shards missing: 1-1048575"; code != 1 || out != "" || !strings.Contains(errOut, want) {
		t.Errorf("merge of 1 shard of 2^20: exit %d, stdout %q, stderr %q; want %q", code, out, errOut, want)
	}
	var recs []string
	for i := 0; i < 1<<20; i += 2 {
		recs = append(recs, recordLine(t, record{N: 20, Shard: i, Shards: 1 << 20}))
	}
	code, out, errOut = runCLIInput(t, noEnv, strings.Join(recs, "\n"), "merge", "-")
	if want := "524288 of 1048576 shards missing: 1, 3, 5,"; code != 1 || out != "" || !strings.Contains(errOut, want) ||
		!strings.Contains(errOut, "and 524268 more ranges") || len(errOut) > 1000 {
		t.Errorf("merge of the even shards of 2^20: exit %d, stdout %q, %d bytes on stderr, %.300q; want %q and a count of the ranges not listed",
			code, out, len(errOut), errOut, want)
	}
}

func mustRead(name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}
