package nqueens

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// referenceCompletions counts the completions of partial by plain
// backtracking over squares, checking every pair of queens with attacks.
func referenceCompletions(partial []int) uint64 {
	n := len(partial)
	board := slices.Clone(partial)
	var place func(row int) uint64
	place = func(row int) uint64 {
		if row == n {
			return 1
		}
		if board[row] != Free {
			for r := range row {
				if queensAttack(r, board[r], row, board[row]) {
					return 0
				}
			}
			return place(row + 1)
		}
		var count uint64
		for c := range n {
			ok := true
			for r := range n {
				if r != row && board[r] != Free && (r < row || partial[r] != Free) && queensAttack(r, board[r], row, c) {
					ok = false
					break
				}
			}
			if ok {
				board[row] = c
				count += place(row + 1)
				board[row] = Free
			}
		}
		return count
	}
	return place(0)
}

// randomPartial returns a partial board of n rows with about a fraction
// fixed of its rows holding a random column each, attacks allowed.
func randomPartial(r *rand.Rand, n int, fixed float64) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = Free
		if r.Float64() < fixed {
			p[i] = r.IntN(n)
		}
	}
	return p
}

func TestCompletionsAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	tried, legal := 0, 0
	for tried < 600 {
		n := 1 + r.IntN(9)
		p := randomPartial(r, n, r.Float64()*0.5)
		tried++
		got, err := CountCompletions(p)
		if checkPartial(p) != nil {
			if !errors.Is(err, ErrPartial) {
				t.Errorf("CountCompletions(%v) error = %v, want ErrPartial", p, err)
			}
			continue
		}
		legal++
		if want := referenceCompletions(p); err != nil || got != want {
			t.Errorf("CountCompletions(%v) = %d, %v; want %d", p, got, err, want)
		}
		var listed uint64
		err = EnumerateCompletions(p, func(s Solution) bool {
			listed++
			if why := valid(n, s); why != "" {
				t.Errorf("completion %v of %v: %s", s, p, why)
			}
			for row, c := range p {
				if c != Free && s[row] != c {
					t.Errorf("completion %v of %v moves the queen of row %d", s, p, row)
				}
			}
			return true
		})
		if err != nil || listed != got {
			t.Errorf("EnumerateCompletions(%v) listed %d, %v; counted %d", p, listed, err, got)
		}
	}
	if legal < 100 {
		t.Errorf("only %d of %d random partial boards were legal", legal, tried)
	}
}

func TestCompletionsOfEmptyBoard(t *testing.T) {
	for n := 0; n <= 10; n++ {
		p := slices.Repeat([]int{Free}, n)
		got, err := CountCompletions(p)
		if err != nil || got != golden[n].total {
			t.Errorf("CountCompletions of the empty %d×%d board = %d, %v; want %d", n, n, got, err, golden[n].total)
		}
		var want, listed []Solution
		Enumerate(n, func(s Solution) bool { want = append(want, slices.Clone(s)); return true })
		EnumerateCompletions(p, func(s Solution) bool { listed = append(listed, slices.Clone(s)); return true })
		if diff := cmp.Diff(want, listed); diff != "" {
			t.Errorf("completions of the empty %d×%d board (-Enumerate +Completions):\n%s", n, n, diff)
		}
	}
}

func TestCompletionErrors(t *testing.T) {
	tests := []struct {
		partial []int
		want    string
	}{
		{make([]int, MaxN+1), "65 rows"},
		{[]int{0, 4, Free, Free}, "row 1: column 4 is off the board"},
		{[]int{Free, -2, Free}, "row 1: column -2"},
		{[]int{0, Free, 2, Free}, "queens (0, 0) and (2, 2) attack each other"},
		{[]int{1, Free, Free, 1}, "queens (0, 1) and (3, 1) attack each other"},
	}
	for _, tt := range tests {
		_, err := CountCompletions(tt.partial)
		if !errors.Is(err, ErrPartial) || !strings.Contains(fmt.Sprint(err), tt.want) {
			t.Errorf("CountCompletions(%v) error = %v, want ErrPartial saying %q", tt.partial, err, tt.want)
		}
		if err := EnumerateCompletions(tt.partial, func(Solution) bool { return true }); !errors.Is(err, ErrPartial) {
			t.Errorf("EnumerateCompletions(%v) error = %v, want ErrPartial", tt.partial, err)
		}
	}
	if err := EnumerateCompletions([]int{Free}, nil); !errors.Is(err, ErrNilVisit) {
		t.Errorf("EnumerateCompletions with nil visit: error = %v, want ErrNilVisit", err)
	}
}

func TestCompletionsCancel(t *testing.T) {
	p := slices.Repeat([]int{Free}, 30)
	p[0] = 0
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := CountCompletionsContext(ctx, p); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("CountCompletionsContext error = %v, want DeadlineExceeded", err)
	}
	err := EnumerateCompletionsContext(ctx, p, func(Solution) bool { return true })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("EnumerateCompletionsContext error = %v, want DeadlineExceeded", err)
	}
	if late := time.Since(start) - 30*time.Millisecond; late > cancelBound {
		t.Errorf("cancelled completion returned %v late", late)
	}
	// A context done already: the error at once, even for a board solved
	// in microseconds, as CountContext does.
	board := slices.Repeat([]int{Free}, 8)
	if n, err := CountCompletionsContext(ctx, board); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("CountCompletionsContext(done context, empty 8×8) = %d, %v; want DeadlineExceeded", n, err)
	}
	if err := EnumerateCompletionsContext(ctx, board, func(Solution) bool { return true }); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("EnumerateCompletionsContext(done context, empty 8×8) = %v; want DeadlineExceeded", err)
	}
}

func FuzzCompletions(f *testing.F) {
	for _, seed := range [][]byte{{}, {0}, {8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, {6, 1, 0xff, 0xff, 0xff, 0xff, 0xff}, {5, 0, 2, 0xff, 0xff, 0xff}} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := int(data[0]) % 10
		p := make([]int, n)
		for i := range p {
			p[i] = Free
			if i+1 < len(data) && data[i+1] != 0xff {
				p[i] = int(data[i+1]) % (n + 1) // n is off the board
				if p[i] == n && data[i+1]&1 == 1 {
					p[i] = -2 - int(data[i+1]%3) // below Free
				}
			}
		}
		got, err := CountCompletions(p)
		if perr := checkPartial(p); perr != nil {
			if !errors.Is(err, ErrPartial) {
				t.Fatalf("CountCompletions(%v) error = %v, want ErrPartial", p, err)
			}
			return
		}
		if want := referenceCompletions(p); err != nil || got != want {
			t.Fatalf("CountCompletions(%v) = %d, %v; want %d", p, got, err, want)
		}
	})
}

func TestCompletionsIterator(t *testing.T) {
	p := []int{1, Free, Free, Free, Free, Free}
	seq, err := Completions(p)
	if err != nil {
		t.Fatal(err)
	}
	var want, got []Solution
	EnumerateCompletions(p, func(s Solution) bool { want = append(want, slices.Clone(s)); return true })
	for s := range seq {
		got = append(got, slices.Clone(s))
	}
	if diff := cmp.Diff(want, got); diff != "" || len(got) == 0 {
		t.Errorf("Completions(%v) (-EnumerateCompletions +Completions):\n%s", p, diff)
	}
}

// TestCompletionsCopies wants the iterator of Completions to keep the board
// it was given, whatever the caller does with its slice afterwards.
func TestCompletionsCopies(t *testing.T) {
	partial := []int{1, Free, Free, Free}
	seq, err := Completions(partial)
	if err != nil {
		t.Fatal(err)
	}
	partial[0], partial[1] = 0, 1 // attacking queens: no completion
	var got []Solution
	for s := range seq {
		got = append(got, slices.Clone(s))
	}
	if want := []Solution{{1, 3, 0, 2}}; !cmp.Equal(got, want) {
		t.Errorf("Completions(.1...) after the caller changed its slice: %v, want %v", got, want)
	}
}

// queensAttack reports whether queens on the distinct squares (r1, c1)
// and (r2, c2) attack each other.
func queensAttack(r1, c1, r2, c2 int) bool {
	dr, dc := r1-r2, c1-c2
	return dr == 0 || dc == 0 || dr == dc || dr == -dc
}
