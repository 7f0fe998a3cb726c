package backtrack

import (
	"flag"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/gonqueens/nqueens/internal/board"
)

// tailKernels are the kernels that fill the last rows of a frame, by name:
// the Go one everywhere, and those a build adds (kernel_amd64_test.go).
var tailKernels = map[string]func(f *Frame, d int, c, l, r uint64) uint64{
	"go": (*Frame).tail,
}

// fillByHand counts the ways to fill the free rows of f from d on, given
// Richards' masks of row d, one square at a time: the reference the
// kernels are checked against.
func fillByHand(f *Frame, d int, c, l, r uint64) uint64 {
	if d == f.free {
		return 1
	}
	var found uint64
	g := f.gap[d]
	for col := range board.MaxN {
		bit := uint64(1) << col
		if f.allowed[d]&bit != 0 && (c|l|r)&bit == 0 {
			found += fillByHand(f, d+1, c|bit, (l|bit)<<g, (r|bit)>>g)
		}
	}
	return found
}

// long runs the long tests, as in every package of the module.
var long = flag.Bool("nqueens.long", false, "run the long tests: more frames")

// TestKernelsAgree fills the last rows of random frames, from random
// placements of the rows above, with every kernel and by hand.
func TestKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	calls := map[int]int{} // by number of rows
	frames := 4000
	if *long {
		frames = 40000
	}
	for range frames {
		n := 5 + rng.IntN(15)
		b := randomPartial(rng, n, rng.Float64()*0.4)
		var f Frame
		f.Setup(b)
		// Place queens at random in the free rows above the tail.
		rows := 3 + rng.IntN(maxTail-2)
		d := f.free - rows
		if d < 0 {
			continue
		}
		var c, l, r uint64
		placed := true
		for i := range d {
			free := f.allowed[i] &^ (c | l | r)
			if free == 0 {
				placed = false
				break
			}
			for k := rng.IntN(bits.OnesCount64(free)); k > 0; k-- {
				free &= free - 1
			}
			bit := free & -free
			c, l, r = c|bit, (l|bit)<<f.gap[i], (r|bit)>>f.gap[i]
		}
		if !placed {
			continue
		}
		want := fillByHand(&f, d, c, l, r)
		for name, kernel := range tailKernels {
			if got := kernel(&f, d, c, l, r); got != want {
				t.Fatalf("kernel %s on %v, %d rows from row %d: %d, want %d", name, b, rows, d, got, want)
			}
		}
		calls[rows]++
	}
	for rows := 3; rows <= maxTail; rows++ {
		if calls[rows] < 50 {
			t.Errorf("only %d frames with %d rows checked", calls[rows], rows)
		}
	}
}

// randomPartial returns a board of n rows whose rows each hold a queen
// with probability fixed, at a random square that the queens above leave
// free, if there is one.
func randomPartial(r *rand.Rand, n int, fixed float64) []int {
	b := make([]int, n)
	for i := range b {
		b[i] = board.Free
	}
	for row := range b {
		free := board.FullRow(n) &^ board.AttackedBy(b, row)
		if free == 0 || r.Float64() >= fixed {
			continue
		}
		for k := r.IntN(bits.OnesCount64(free)); k > 0; k-- {
			free &= free - 1
		}
		b[row] = bits.TrailingZeros64(free)
	}
	return b
}

// TestTailSelfCheck wants the self-check of the kernels that fill the
// last rows to pass every kernel of tailKernels, and to fail one that
// fills a way too many.
func TestTailSelfCheck(t *testing.T) {
	for name, kernel := range tailKernels {
		if err := checkTail(kernel); err != nil {
			t.Errorf("the kernel %s fails its self-check: %v", name, err)
		}
		broken := func(f *Frame, d int, c, l, r uint64) uint64 { return kernel(f, d, c, l, r) + 1 }
		if checkTail(broken) == nil {
			t.Errorf("the kernel %s, broken, passes its self-check", name)
		}
	}
}
