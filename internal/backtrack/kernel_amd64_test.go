//go:build !purego

package backtrack

import (
	"os"
	"slices"
	"testing"

	"github.com/gonqueens/nqueens/internal/isa"
)

// TestGate holds tailNeeds to the Requires comment of tailAsm.
func TestGate(t *testing.T) {
	asm, err := os.ReadFile("zkernel_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	requires, ok := isa.Requires(asm)["tailAsm"]
	if !ok {
		t.Fatal("zkernel_amd64.s defines no tailAsm")
	}
	for _, f := range requires {
		if !slices.Contains(tailNeeds.Names(), f) {
			t.Errorf("tailAsm requires %s, which its gate %v does not check", f, tailNeeds.Names())
		}
	}
}

func init() {
	if tailAsmRuns() {
		tailKernels["amd64"] = func(f *Frame, d int, c, l, r uint64) uint64 {
			return asmTail(f, d, c, l, r)
		}
	}
}
