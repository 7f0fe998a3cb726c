package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/gonqueens/nqueens/shard"
)

// A record is the result of one shard, as count -json prints it and merge
// reads it: one JSON object on one line.
type record struct {
	Plan   int    `json:"plan"` // shard.PlanVersion of the split
	N      int    `json:"n"`
	Shard  int    `json:"shard"`
	Shards int    `json:"shards"`
	Total  uint64 `json:"total"`
	// Unique is 0 in a shard of more than one, which holds no whole
	// classes in general: merge gets the whole count's from Burnside's lemma.
	Unique       uint64  `json:"unique"`
	Invariant90  uint64  `json:"invariant90"`
	Invariant180 uint64  `json:"invariant180"`
	Elapsed      float64 `json:"elapsed_seconds"` // of the run that finished the shard, from its start or resumption
	Version      string  `json:"version"`         // of the nqueens that counted it
	// Kernels names the kernels that counted it (shard.Counts.Kernels):
	// "" in a record of format 4, made before records named them.
	Kernels  string `json:"kernels,omitempty"`
	Checksum string `json:"checksum"`
}

// recordFormat is the version of a record's fields and of what its
// checksum covers: format 5 adds the kernels to format 4. A record of
// another is refused by its checksum; one of format 4 is read, its
// kernels unknown.
const (
	recordFormat = 5
	recordV4     = 4
)

// sum returns the checksum of every other field of r: the first 16 hex
// digits of a SHA-256, of format 4 for a record with no kernels. It
// catches damage, not a deliberate edit: anyone can compute it.
func (r record) sum() string {
	format := recordFormat
	if r.Kernels == "" {
		format = recordV4
	}
	text := fmt.Appendf(nil, "nqueens shard record v%d\nplan=%d\nn=%d\nshard=%d\nshards=%d\ntotal=%d\nunique=%d\ninvariant90=%d\ninvariant180=%d\nelapsed=%s\nversion=%s\n",
		format, r.Plan, r.N, r.Shard, r.Shards, r.Total, r.Unique, r.Invariant90, r.Invariant180, strconv.FormatFloat(r.Elapsed, 'g', -1, 64), r.Version)
	if format == recordFormat {
		text = fmt.Appendf(text, "kernels=%s\n", r.Kernels)
	}
	h := sha256.Sum256(text)
	return hex.EncodeToString(h[:8])
}

// placed is a record and where it was read.
type placed struct {
	record
	at string // file:line
}

func merge(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	files, err := parseFlags(newFlagSet("merge"), args, -1)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("merge: no files")
	}
	all, refused, unreadable, err := readAll(ctx, files, stdin)
	if err != nil {
		return err
	}
	counts, missing, err := add(all)
	if err != nil {
		return err
	}
	if missing != "" {
		msg := "incomplete: " + missing
		if len(refused) == 0 {
			msg += " (count them again: with a Slurm array, those are the array indices to resubmit)"
		} else {
			msg += "; refused, each to restore from its shard's own output or to count again: " + strings.Join(refused, "; ")
		}
		if len(unreadable) > 0 {
			msg += "; unreadable: " + strings.Join(unreadable, "; ")
		}
		return errors.New(msg)
	}
	// Every shard is there: what was refused or could not be read only
	// adds to it, copies or files of nothing.
	for _, fault := range slices.Concat(refused, unreadable) {
		fmt.Fprintf(stderr, "nqueens: merge: left out, as every shard is there without it: %s\n", fault)
	}
	_, err = fmt.Fprintf(stdout, "n=%d shards=%d total=%d unique=%d\n", all[0].N, all[0].Shards, counts.Total, counts.Unique)
	return err
}

// readAll reads the records of files ("-": stdin), every one of them, so
// that one message can name all that is wrong. It returns those that pass
// their own checks, the faults of those that do not (refused) and of the
// files that cannot be read to their end (unreadable); it fails if no
// record passes. Reading waits on stdin, or on a FIFO's writer, as long
// as they say: an interrupt ends the wait.
func readAll(ctx context.Context, files []string, stdin io.Reader) (recs []placed, refused, unreadable []string, err error) {
	if err := givenTwice(files); err != nil {
		return nil, nil, nil, err
	}
	err = interruptible(ctx, func() error {
		for _, name := range files {
			var got []placed
			var bad []string
			var err error
			if name == "-" {
				got, bad, err = readRecords("stdin", stdin)
			} else {
				got, bad, err = readFile(name)
			}
			refused = append(refused, bad...)
			if err != nil {
				unreadable = append(unreadable, err.Error())
			}
			recs = append(recs, got...)
		}
		return nil
	})
	if err == nil && len(recs) == 0 {
		err = fmt.Errorf("no shard record could be read: %s", strings.Join(slices.Concat(refused, unreadable), "; "))
	}
	return recs, refused, unreadable, err
}

// givenTwice returns an error if files names a file twice, by the same
// name or by two that lead to it, or stdin ("-") twice: its records would
// be read twice.
func givenTwice(files []string) error {
	seen := make([]os.FileInfo, len(files))
	for i, name := range files {
		if name == "-" {
			if j := slices.Index(files[:i], "-"); j >= 0 {
				return errors.New("stdin (-) is given twice: give each file once")
			}
			continue
		}
		seen[i], _ = os.Stat(name)
		for j, other := range files[:i] {
			switch {
			case other == name:
				return fmt.Errorf("%s is given twice: give each file once", name)
			case seen[i] != nil && seen[j] != nil && os.SameFile(seen[i], seen[j]):
				return fmt.Errorf("%s and %s are the same file, given twice: give each file once", other, name)
			}
		}
	}
	return nil
}

// readFile reads the records of the named file, as readRecords does.
func readFile(name string) ([]placed, []string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return readRecords(name, f)
}

// maxRecordLine is the longest line a record may take: a record is some
// 300 bytes.
const maxRecordLine = 64 << 10

// readRecords reads the records of a file, one per non-blank line, each
// checked on its own. It returns those that pass, the file:line and the
// fault of each that does not, and an error if the file cannot be read to
// its end or holds no record at all.
func readRecords(name string, f io.Reader) (recs []placed, refused []string, err error) {
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, maxRecordLine)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if line == 1 {
			// A byte order mark, which some editors write first, is not
			// part of the record.
			text = bytes.TrimPrefix(text, []byte("\ufeff"))
		}
		text = bytes.TrimSpace(text)
		if len(text) == 0 {
			continue
		}
		at := fmt.Sprintf("%s:%d", name, line)
		r, err := parseRecord(text)
		if err != nil {
			refused = append(refused, fmt.Sprintf("%s: %v", at, err))
			continue
		}
		recs = append(recs, placed{r, at})
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return recs, refused, fmt.Errorf("%s:%d: a line of over %d KiB, which no shard record is: the rest of the file is not read", name, line+1, maxRecordLine>>10)
	case err != nil:
		return recs, refused, fmt.Errorf("%s:%d: %v", name, line+1, err)
	case len(recs) == 0 && len(refused) == 0:
		return nil, nil, fmt.Errorf("%s: no shard records", name)
	}
	return recs, refused, nil
}

// parseRecord reads one record, one JSON object, and checks it on its own.
func parseRecord(text []byte) (record, error) {
	var r record
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return record{}, fmt.Errorf("not a shard record: %v", err)
	}
	if after := bytes.TrimSpace(text[dec.InputOffset():]); len(after) > 0 {
		return record{}, fmt.Errorf("not a shard record: %s after the object, want one object a line", short(string(after)))
	}
	return r, r.check()
}

// check verifies a record on its own: its split plan, its checksum, its
// board size, shard and time, and counts that can go together; shard.Sum
// checks it against the others.
func (r record) check() error {
	if r.Checksum == "" {
		// Every record that count -json writes has one, last: an object
		// without it, {} say, is no record.
		return errors.New("not a shard record: it has no checksum, which count -json writes")
	}
	if r.Plan != shard.PlanVersion {
		return fmt.Errorf("counted with split plan %d, but this nqueens splits with plan %d: count the shard again with this version", r.Plan, shard.PlanVersion)
	}
	if r.Checksum != r.sum() {
		return errors.New("checksum mismatch: the record is damaged or was edited")
	}
	if err := r.id().Check(); err != nil {
		return errors.New(bare(err))
	}
	if r.Elapsed < 0 {
		return fmt.Errorf("elapsed time %g s is negative", r.Elapsed)
	}
	// A class of solutions up to symmetry has 1, 2, 4 or 8 members.
	if r.Unique != 0 && (r.Unique > r.Total || r.Total/8 > r.Unique) {
		return fmt.Errorf("total %d and unique %d cannot go together", r.Total, r.Unique)
	}
	return nil
}

// id returns the shard that r names.
func (r record) id() shard.ID {
	return shard.ID{N: r.N, Index: r.Shard, Of: r.Shards, Plan: r.Plan}
}

// counts returns the counts that r records.
func (r record) counts() shard.Counts {
	return shard.Counts{Total: r.Total, Unique: r.Unique, Invariant90: r.Invariant90, Invariant180: r.Invariant180, Shard: r.id(), Kernels: r.Kernels}
}

// add returns the whole board's counts from recs, through shard.Sum, which checks that they are the shards of one split,
// each once. If some shards are missing, it reports which, as "3 of 16
// shards missing: 4, 9-10"; its other errors name the records at fault
// by file and line.
func add(recs []placed) (counts shard.Whole, missing string, err error) {
	shards := make([]shard.Counts, len(recs))
	for i, r := range recs {
		shards[i] = r.counts()
	}
	counts, err = shard.Sum(shards)
	var e *shard.SetError
	switch {
	case errors.As(err, &e) && e.Missing != nil:
		return counts, e.Problem, nil
	case errors.As(err, &e):
		var at []string
		for _, i := range e.At {
			at = append(at, recs[i].at)
		}
		return counts, "", fmt.Errorf("%s %s", strings.Join(at, " and "), e.Problem)
	case err != nil:
		return counts, "", fmt.Errorf("the %d shards of n=%d in %s: %s; every record passed its own checks, so one holds a wrong count with a checksum to match: "+
			"run verify %s, which recounts each record and names those that differ",
			recs[0].Shards, recs[0].N, strings.Join(filesOf(recs), ", "), err, strings.Join(filesOf(recs), " "))
	}
	return counts, "", nil
}

// filesOf returns the files that recs came from, each once, in order.
func filesOf(recs []placed) []string {
	var files []string
	for _, r := range recs {
		file := r.at[:strings.LastIndexByte(r.at, ':')]
		if !slices.Contains(files, file) {
			files = append(files, file)
		}
	}
	return files
}
