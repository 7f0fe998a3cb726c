package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/shard"
)

// plan counts a sample of the shards of a split (shard.Sample) and says
// what the campaign of every shard takes and finds, and what to ask of a
// batch system for a shard.
func plan(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("plan")
	shards := intFlag(fs, "shards", 0, "plan a split into `k` shards (0: the fewest of at most an hour of a core of this machine each, from a first sample)")
	samples := intFlag(fs, "samples", 0, fmt.Sprintf("count `s` shards of the split, drawn at random (0: %d, or all of fewer)", shard.DefaultSampleSize))
	seed := fs.String("seed", "", "draw the shards by the `number` given, 1 or more (default: one at random, which plan prints)")
	workers := intFlag(fs, "workers", 0, "count `w` shards at once, each on one worker, as a cluster's cores do (0: one a core)")
	cores := intFlag(fs, "cores", runtime.NumCPU(), "say how long the campaign takes on `c` cores")
	records := fs.String("records", "", "save each shard counted as `dir`/shard-I.json, the record count -json writes, for merge and verify with the rest; a shard whose record is there is not counted again")
	asJSON := fs.Bool("json", false, "print one JSON object, for scripts and the deploy files")
	progressEvery := progressEveryFlag(fs)
	n, err := boardArg(fs, args, nqueens.MaxN)
	if err != nil {
		return err
	}
	s := shard.Sample{N: n, Of: *shards, Size: *samples, Workers: *workers}
	switch {
	case *shards < 0 || *shards > shard.MaxShards:
		return usagef("plan: -shards %d out of range [1, %d], or 0 to pick", *shards, shard.MaxShards)
	case *samples < 0 || *shards > 0 && *samples > *shards:
		return usagef("plan: -samples %d out of range [2, %d]: a sample of the %d shards", *samples, max(*shards, 2), *shards)
	case *workers < 0:
		return usagef("plan: -workers %d is negative", *workers)
	case *cores < 1:
		return usagef("plan: -cores %d: want 1 or more", *cores)
	case *progressEvery < 0:
		return usagef("plan: -progress-every %v is negative", *progressEvery)
	case flagSet(fs, "records") && *records == "":
		return usagef("plan: -records is empty: name a directory, or leave the flag out")
	}
	if *seed != "" {
		if s.Seed, err = strconv.ParseUint(*seed, 10, 64); err != nil || s.Seed == 0 {
			return usagef("plan: -seed %s is not a number from 1 to %d", *seed, uint64(1<<64-1))
		}
	}
	if *records != "" {
		if err := os.MkdirAll(*records, 0o755); err != nil {
			return fmt.Errorf("plan: -records: %w", err)
		}
		known, err := readKnown(*records)
		if err != nil {
			return err
		}
		s.Known = func(index int) (shard.Counts, time.Duration, bool) {
			r, ok := known[index]
			return r.counts(), time.Duration(r.Elapsed * float64(time.Second)), ok
		}
		s.Counted = func(c shard.Counts, took time.Duration) error {
			return saveRecord(recordName(*records, c.Shard.Index), recordOf(c, took))
		}
	}
	bar := newProgressBar(stderr, *progressEvery, fmt.Sprintf("plan n=%d", n))
	if bar.reports() {
		s.Progress = bar.update
	}
	if *shards == 0 {
		fmt.Fprintf(stderr, "nqueens: plan: picking the shards of n=%d: a first sample of two shards\n", n)
		if s.Of, err = s.PickShards(ctx); err != nil {
			return err
		}
		split := fmt.Sprintf("%d shards of n=%d", s.Of, n)
		if s.Of == 1 {
			split = fmt.Sprintf("1 shard of n=%d, the whole board", n)
		}
		fmt.Fprintf(stderr, "nqueens: plan: %s, the fewest of at most %v of a core here each by the first sample (-shards %d makes the same plan)\n",
			split, shard.MaxShardTime, s.Of)
	}
	e, err := s.Count(ctx)
	bar.clear()
	if err != nil {
		return err
	}
	if *asJSON {
		return writePlanJSON(stdout, e, *cores)
	}
	return writePlan(stdout, e, *cores, *records)
}

// recordOf returns the record of a shard's counts c, counted in elapsed,
// as count -json writes it.
func recordOf(c shard.Counts, elapsed time.Duration) record {
	r := record{Plan: c.Shard.Plan, N: c.Shard.N, Shard: c.Shard.Index, Shards: c.Shard.Of, Total: c.Total, Unique: c.Unique,
		Invariant90: c.Invariant90, Invariant180: c.Invariant180, Elapsed: elapsed.Seconds(), Version: version(), Kernels: c.Kernels}
	r.Checksum = r.sum()
	return r
}

// recordName names the file of the record of shard index in dir.
func recordName(dir string, index int) string {
	return filepath.Join(dir, fmt.Sprintf("shard-%d.json", index))
}

// readKnown returns the records that dir holds, each in the file that
// recordName names, by shard: those of a plan before, which a plan of
// the same split takes rather than count their shards again. A file
// whose record fails its checks, or is of another shard than its name
// says, is an error.
func readKnown(dir string) (map[int]record, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("plan: -records: %w", err)
	}
	known := make(map[int]record)
	for _, entry := range entries {
		index, prefixed := strings.CutPrefix(entry.Name(), "shard-")
		index, suffixed := strings.CutSuffix(index, ".json")
		if !prefixed || !suffixed {
			continue
		}
		name := filepath.Join(dir, entry.Name())
		text, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("plan: %w", err)
		}
		r, err := parseRecord(bytes.TrimSpace(bytes.TrimPrefix(text, []byte("\ufeff"))))
		if err == nil && index != strconv.Itoa(r.Shard) {
			err = fmt.Errorf("a record of shard %d, which plan keeps in %s", r.Shard, filepath.Base(recordName(dir, r.Shard)))
		}
		if err != nil {
			return nil, fmt.Errorf("plan: %s: %v: move it out of -records, or name another directory", name, err)
		}
		known[r.Shard] = r
	}
	return known, nil
}

// saveRecord writes r to a new file of the name given, one line, synced:
// a file that is there already is refused, never written over.
func saveRecord(name string, r record) error {
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	// O_EXCL: a link planted under the name is not followed.
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("plan: %s is there already, and plan writes over no file: name another -records directory, or move it", name)
	}
	if err != nil {
		return fmt.Errorf("plan: %w", err)
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return fmt.Errorf("plan: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("plan: %w", err)
	}
	return f.Close()
}

// A planInterval is an Interval as plan -json writes it.
type planInterval struct {
	Estimate json.Number `json:"estimate"`
	Low      json.Number `json:"low"`
	High     json.Number `json:"high"`
}

// intervalJSON returns i with its numbers written to digits places.
func intervalJSON(i shard.Interval, digits int) planInterval {
	f := func(x float64) json.Number { return json.Number(strconv.FormatFloat(x, 'f', digits, 64)) }
	return planInterval{f(i.Estimate), f(i.Low), f(i.High)}
}

// writePlanJSON writes e as one JSON object, its wall time on cores cores.
func writePlanJSON(w io.Writer, e shard.Estimate, cores int) error {
	out := struct {
		N         int          `json:"n"`
		Shards    int          `json:"shards"`
		Sample    []int        `json:"sample"`
		Seed      uint64       `json:"seed"`
		Total     planInterval `json:"total"`
		CoreHours planInterval `json:"core_hours"`
		CPU       struct {
			Mean float64 `json:"mean"`
			Max  float64 `json:"max"`
		} `json:"cpu_seconds"`
		Memory      int64   `json:"memory_bytes"`
		Model       int64   `json:"memory_model_bytes"`
		Peak        int64   `json:"memory_peak_bytes"`
		Live        int64   `json:"memory_live_bytes"`
		Workers     int     `json:"workers"`
		Known       int     `json:"known"`
		TimeLimit   float64 `json:"time_limit_seconds"`
		Cores       int     `json:"cores"`
		WallSeconds float64 `json:"wall_seconds"`
	}{N: e.N, Shards: e.Of, Sample: e.Shards, Seed: e.Seed, Total: intervalJSON(e.Total, 0), CoreHours: intervalJSON(e.CoreHours, 4),
		Memory: e.MemoryRequest, Model: e.Memory, Peak: e.PeakMemory, Live: e.LiveMemory, Workers: e.Workers, Known: e.Known, TimeLimit: e.TimeLimit.Seconds(),
		Cores: cores, WallSeconds: e.Wall(cores).Seconds()}
	out.CPU.Mean, out.CPU.Max = e.MeanCPU.Seconds(), e.MaxCPU.Seconds()
	line, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", line)
	return err
}

// writePlan writes e for a person, its wall time on cores cores, and
// where its records went.
func writePlan(w io.Writer, e shard.Estimate, cores int, records string) error {
	var shards []string
	for _, i := range e.Shards {
		shards = append(shards, strconv.Itoa(i))
	}
	sample := strings.Join(shards, " ")
	if len(e.Shards) > 12 {
		sample = strings.Join(shards[:12], " ") + fmt.Sprintf(" and %d more", len(shards)-12)
	}
	exact := ""
	if len(e.Shards) == e.Of {
		exact = " (every shard: exact)"
	}
	split := fmt.Sprintf("n=%d in %d shards; counted %d of them", e.N, e.Of, len(e.Shards))
	if e.Of == 1 {
		split = fmt.Sprintf("n=%d in 1 shard, the whole board; counted it", e.N)
	}
	fmt.Fprintf(w, "%s%s, %d at once: %s (seed %d)\n", split, exact, e.Workers, sample, e.Seed)
	measured := fmt.Sprintf("measured for %d at once, %s live and %s held", e.Workers, mib(e.LiveMemory), mib(e.PeakMemory))
	if e.Known == len(e.Shards) {
		measured = "not measured, as every shard's record was there"
	}
	fmt.Fprintf(w, "a shard on one worker: %s of CPU on average, %s at most; memory %s by the model; %s\n",
		seconds(e.MeanCPU), seconds(e.MaxCPU), mib(e.Memory), measured)
	fmt.Fprintf(w, "total: %.0f, 95%% interval %.0f to %.0f", e.Total.Estimate, e.Total.Low, e.Total.High)
	if len(e.Shards) < e.Of {
		fmt.Fprintf(w, "; ±1%% would take about %d shards, ±0.1%% %d", e.SamplesFor(0.01), e.SamplesFor(0.001))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "core-hours: %s, 95%% interval %s to %s; on %d cores, %s\n",
		hours(e.CoreHours.Estimate), hours(e.CoreHours.Low), hours(e.CoreHours.High), cores, e.Wall(cores).Round(time.Second))
	fmt.Fprintf(w, "ask for each shard: a time limit of %s (twice the slowest shard's) and %s of memory on one worker (the larger of the model's and the live memory measured with an eighth more for Go's collector, and a quarter more)\n",
		e.TimeLimit, mib(e.MemoryRequest))
	if records != "" {
		before := ""
		if e.Known > 0 {
			before = fmt.Sprintf(" (%d of them there before, and not counted again)", e.Known)
		}
		_, err := fmt.Fprintf(w, "the %d records are in %s%s, for merge and verify with the campaign's\n", len(e.Shards), records, before)
		return err
	}
	return nil
}

// seconds writes d in seconds, to three significant digits.
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'g', 3, 64) + " s" }

// mib writes b bytes in MiB.
func mib(b int64) string { return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20)) }

// hours writes h hours to three significant digits.
func hours(h float64) string { return strconv.FormatFloat(h, 'g', 3, 64) }
