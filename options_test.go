package nqueens

import (
	"context"
	"runtime"
	"testing"
)

func TestProgress(t *testing.T) {
	var reports []Progress
	got, err := CountContext(context.Background(), 14, WithProgress(func(p Progress) {
		reports = append(reports, p)
	}))
	if err != nil || got != golden[14].total {
		t.Fatalf("CountContext(14) with progress = %d, %v", got, err)
	}
	if len(reports) == 0 {
		t.Fatal("no progress reported")
	}
	last := reports[len(reports)-1]
	if last.Done != last.Subproblems || last.Subproblems == 0 || last.Remaining != 0 || last.Fraction() != 1 {
		t.Errorf("last report %+v, want all done", last)
	}
	for i, p := range reports {
		if p.Subproblems == 0 {
			t.Errorf("report %+v of 0 subproblems", p)
		}
		if i > 0 && p.Done < reports[i-1].Done {
			t.Errorf("progress went back: %+v after %+v", p, reports[i-1])
		}
	}
}

func TestProgressPanic(t *testing.T) {
	before := runtime.NumGoroutine()
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the callback's panic", r)
			}
		}()
		CountContext(context.Background(), 20, WithProgress(func(Progress) { panic("boom") }))
	}()
	if left := settle(before); left > before {
		t.Errorf("%d goroutines left running after a panicking callback, want %d", left, before)
	}
}

// TestProgressSmall: a count without subproblems, of a board too small
// for constellations or small enough to count at once, still gets its
// one report when it is done.
func TestProgressSmall(t *testing.T) {
	for n := range 12 {
		for _, unique := range []bool{false, true} {
			var reports []Progress
			report := WithProgress(func(p Progress) { reports = append(reports, p) })
			got, err := CountContext(context.Background(), n, report)
			want := golden[n].total
			if unique {
				got, err = CountUniqueContext(context.Background(), n, report)
				want = golden[n].unique
			}
			if err != nil || got != want {
				t.Fatalf("n=%d, unique %v: %d, %v; want %d", n, unique, got, err, want)
			}
			if last := reports[len(reports)-1]; last.Done != last.Subproblems || last.Fraction() != 1 {
				t.Errorf("n=%d, unique %v: reported %+v, want the last report all done", n, unique, reports)
			}
			if !unique && n <= 11 && len(reports) != 1 {
				t.Errorf("CountContext(%d) reported %+v, want one report, 1 of 1 done", n, reports)
			}
		}
	}
}

// TestOptionsApart: a listing takes Options, WithWorkers alone, so that
// the options of a count, which are not Options, do not compile there; a
// count takes them all.
func TestOptionsApart(t *testing.T) {
	for name, opt := range map[string]CountOption{"WithProgress": WithProgress(func(Progress) {}), "WithMemoryLimit": WithMemoryLimit(1)} {
		if _, ok := opt.(Option); ok {
			t.Errorf("%s is an Option, which a listing takes and cannot use", name)
		}
	}
	if _, ok := CountOption(WithWorkers(1)).(Option); !ok {
		t.Error("WithWorkers is no Option: a listing cannot take it")
	}
	total, err := CountContext(context.Background(), 10, WithWorkers(1), WithProgress(func(Progress) {}), WithMemoryLimit(1<<30))
	if err != nil || total != 724 {
		t.Errorf("CountContext(10) with every option: %d, %v", total, err)
	}
}
