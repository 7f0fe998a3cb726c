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

// validLarge is valid for boards of any size: O(n) with arrays of the
// columns and diagonals taken.
func validLarge(s Solution) error {
	n := len(s)
	col := make([]bool, n)
	diag := make([]bool, 2*n)
	anti := make([]bool, 2*n)
	for r, c := range s {
		if c < 0 || c >= n || col[c] || diag[r+c] || anti[r-c+n] {
			return fmt.Errorf("row %d, column %d: off the board or attacked", r, c)
		}
		col[c], diag[r+c], anti[r-c+n] = true, true, true
	}
	return nil
}

func TestConstruct(t *testing.T) {
	for n := 0; n <= 1000; n++ {
		s, err := Construct(n)
		if n == 2 || n == 3 {
			if !errors.Is(err, ErrNoSolution) {
				t.Errorf("Construct(%d) error = %v, want ErrNoSolution", n, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Construct(%d): %v", n, err)
		}
		if why := valid(n, s); n <= 64 && why != "" {
			t.Errorf("Construct(%d) = %v: %s", n, s, why)
		}
		if err := validLarge(s); err != nil || len(s) != n {
			t.Errorf("Construct(%d): %d rows, %v", n, len(s), err)
		}
	}
	large := []int{1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_000_004, 1_000_005}
	if !testing.Short() {
		large = append(large, 10_000_000)
	}
	for _, n := range large {
		s, err := Construct(n)
		if err != nil || len(s) != n {
			t.Fatalf("Construct(%d): %d rows, %v", n, len(s), err)
		}
		if err := validLarge(s); err != nil {
			t.Errorf("Construct(%d): %v", n, err)
		}
	}
	for _, n := range []int{-1, MaxConstruct + 1} {
		if _, err := Construct(n); !errors.Is(err, ErrBoardSize) {
			t.Errorf("Construct(%d) error = %v, want ErrBoardSize", n, err)
		}
	}
}

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
				if attacks(r, board[r], row, board[row]) {
					return 0
				}
			}
			return place(row + 1)
		}
		var count uint64
		for c := range n {
			ok := true
			for r := range n {
				if r != row && board[r] != Free && (r < row || partial[r] != Free) && attacks(r, board[r], row, c) {
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
		for s := range Completions(p) {
			listed = append(listed, slices.Clone(s))
		}
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
	if late := time.Since(start) - 30*time.Millisecond; late > slowdown*50*time.Millisecond {
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

func TestAll(t *testing.T) {
	var got []Solution
	for s := range All(8) {
		got = append(got, slices.Clone(s))
	}
	if len(got) != 92 {
		t.Fatalf("All(8) yields %d solutions, want 92", len(got))
	}
	seen := 0
	for range All(12) {
		if seen++; seen == 5 {
			break
		}
	}
	if seen != 5 {
		t.Errorf("break after 5 solutions of All(12): %d seen", seen)
	}
	for _, n := range []int{-1, MaxN + 1} {
		for s := range All(n) {
			t.Errorf("All(%d) yields %v, want nothing", n, s)
		}
	}
}

func TestTransforms(t *testing.T) {
	s := Solution{1, 3, 0, 2}
	tests := map[Symmetry]Solution{
		Identity:      {1, 3, 0, 2},
		Rotate90:      {1, 3, 0, 2}, // the solution of 4 is symmetric under a quarter turn
		Rotate180:     {1, 3, 0, 2},
		Rotate270:     {1, 3, 0, 2},
		MirrorColumns: {2, 0, 3, 1},
		MirrorRows:    {2, 0, 3, 1},
		Transpose:     {2, 0, 3, 1},
		AntiTranspose: {2, 0, 3, 1},
	}
	for g, want := range tests {
		got, err := s.Transform(g)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%d.Transform(%v) = %d, %v; want %d", s, g, got, err, want)
		}
	}
	// Every transform of every solution of 8 is a solution, and composing
	// a rotation four times gives the solution back.
	for s := range All(8) {
		for _, g := range Symmetries() {
			img, err := s.Transform(g)
			if err != nil || img.Valid() != nil {
				t.Fatalf("%v.Transform(%v) = %v, %v: not a solution", s, g, img, err)
			}
		}
		r := slices.Clone(s)
		for range 4 {
			r, _ = r.Transform(Rotate90)
		}
		if !slices.Equal(r, s) {
			t.Errorf("four quarter turns of %v give %v", s, r)
		}
	}
	if _, err := (Solution{0, 0}).Transform(Rotate90); !errors.Is(err, ErrNotSolution) {
		t.Errorf("Transform of a non-permutation: error = %v, want ErrNotSolution", err)
	}
	for _, g := range []Symmetry{-1, 8} {
		if _, err := s.Transform(g); !errors.Is(err, ErrSymmetry) {
			t.Errorf("Transform(Symmetry(%d)): error = %v, want ErrSymmetry", int(g), err)
		}
	}
}

func TestFundamental(t *testing.T) {
	for n := 0; n <= 10; n++ {
		var classes, total uint64
		var listed []Solution
		err := Fundamental(n, func(s Solution, size int) bool {
			classes++
			total += uint64(size)
			c, csize, err := s.Canonical()
			if err != nil || !slices.Equal(c, s) || csize != size {
				t.Errorf("Fundamental(%d) gives %v (class %d), whose canonical form is %v (class %d), %v", n, s, size, c, csize, err)
			}
			listed = append(listed, slices.Clone(s))
			return true
		})
		if err != nil || classes != golden[n].unique || total != golden[n].total {
			t.Errorf("Fundamental(%d): %d classes of %d solutions, %v; want %d of %d", n, classes, total, err, golden[n].unique, golden[n].total)
		}
		if !slices.IsSortedFunc(listed, slices.Compare) {
			t.Errorf("Fundamental(%d) is not in lexicographic order", n)
		}
	}
	// A visit that writes into its Solution, which it should not, changes
	// nothing of the search.
	var classes int
	err := Fundamental(8, func(s Solution, size int) bool {
		classes++
		for i := range s {
			s[i] = -5
		}
		return true
	})
	if err != nil || classes != 12 {
		t.Errorf("Fundamental(8) with a visit that scribbles: %d classes, %v; want 12", classes, err)
	}
	if err := Fundamental(MaxN+1, func(Solution, int) bool { return true }); !errors.Is(err, ErrBoardSize) {
		t.Errorf("Fundamental(65) error = %v, want ErrBoardSize", err)
	}
	if err := Fundamental(8, nil); !errors.Is(err, ErrNilVisit) {
		t.Errorf("Fundamental(8, nil) error = %v, want ErrNilVisit", err)
	}
}

func TestParseRoundTrip(t *testing.T) {
	for n := 0; n <= 8; n++ {
		for s := range All(n) {
			for _, text := range []string{s.String(), fmt.Sprint([]int(s))} {
				got, err := ParseSolution(text)
				if err != nil || !slices.Equal(got, s) {
					t.Fatalf("ParseSolution(%q) = %v, %v; want %v", text, got, err, s)
				}
			}
		}
	}
	p := []int{2, Free, Free, 1, Free}
	for _, text := range []string{Solution(p).String(), "2 . . 1 .", "[2 -1 -1 1 -1]", "2,-,-,1,-"} {
		got, err := ParsePartial(text)
		if err != nil || !slices.Equal(got, p) {
			t.Errorf("ParsePartial(%q) = %v, %v; want %v", text, got, err, p)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, text := range []string{"Q.\n..\n.", "QQ\n..", "Q.x\n...\n...", "[1 2", "0 5 1", "a b", "0 -2"} {
		if _, err := ParsePartial(text); !errors.Is(err, ErrParse) {
			t.Errorf("ParsePartial(%q) error = %v, want ErrParse", text, err)
		}
	}
	// A bad token of a megabyte is quoted in part.
	long := "0 " + strings.Repeat("x", 1<<20)
	if _, err := ParsePartial(long); !errors.Is(err, ErrParse) || len(err.Error()) > 200 {
		t.Errorf("ParsePartial of a 1 MB token: error of %d bytes, want ErrParse in under 200", len(err.Error()))
	}
	if _, err := ParseSolution("0 1"); !errors.Is(err, ErrNotSolution) {
		t.Errorf("ParseSolution of attacking queens: error = %v, want ErrNotSolution", err)
	}
	if _, err := ParseSolution("1 . 0 2"); !errors.Is(err, ErrNotSolution) {
		t.Errorf("ParseSolution of a partial board: error = %v, want ErrNotSolution", err)
	}
}

func FuzzParsePartial(f *testing.F) {
	for _, seed := range []string{".Q..\n...Q\nQ...\n..Q.\n", "1 3 0 2", "[2 -1 -1 1]", "2,.,-,1", "Q", "", "QQ\n..", "[", "0 -2"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePartial(text)
		if err != nil {
			if !errors.Is(err, ErrParse) {
				t.Fatalf("ParsePartial(%q) error %v does not wrap ErrParse", text, err)
			}
			return
		}
		for _, again := range []string{Solution(p).String(), fmt.Sprint(p)} {
			q, err := ParsePartial(again)
			if err != nil || !slices.Equal(p, q) {
				t.Fatalf("ParsePartial(%q) = %v, printed %q, parsed again %v, %v", text, p, again, q, err)
			}
		}
	})
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

func BenchmarkConstruct(b *testing.B) {
	for _, n := range []int{1000, 1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Construct(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
