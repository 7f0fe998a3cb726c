// Command kernelasm writes the amd64 assembly of the counting kernel,
// zkernel_amd64.s, and its Go declaration, zkernel_amd64.go. It is run by
// go generate in the package's directory:
//
//	go run -C ../../tools ./kernelasm -rows 10 -out ../internal/backtrack/zkernel_amd64.s -stubs ../internal/backtrack/zkernel_amd64.go -pkg backtrack
//
// The assembly is the kernel of zkernel.go written out by hand, for the
// BMI1 and BMI2 instructions the Go compiler does not emit at GOAMD64=v1:
// ANDN (x &^ y in one instruction), BLSI and BLSR (the lowest set bit of x,
// and x without it) and SHLX/SHRX (a shift by any register). Like the Go
// kernel it has one loop per row, each with branches of its own, and keeps
// the masks of the row being filled in registers; the rows above it wait
// in a frame on the stack.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// maxTail is the most rows a call fills, maxTail of the package.
var maxTail = flag.Int("rows", 10, "the most rows a call fills")

// The registers of the kernel, named for what they hold.
var (
	allowed = RSI // &a[0], moved so that row i's mask is at 8*i(allowed)
	gaps    = RDI // &g[0], moved likewise
	p       = RAX // the free squares of the row being filled, still to try
	c       = RBX // Richards' masks of that row: columns,
	l       = RCX // left diagonals
	r       = RDX // and right diagonals
	found   = R8  // solutions counted
	bit     = R9  // the square taken
	nc      = R10 // the masks of the row below, with the queen on bit
	nl      = R11
	nr      = R12
	np      = R13 // the free squares of the row below
	nx      = R14 // the free squares of the row after it, before a queen goes below
	g       = R15 // a distance between two rows
)

func main() {
	flag.Parse() // avo's own flags (-out, -stubs, -pkg) are on the same set
	m := *maxTail
	ConstraintExpr("!purego")
	TEXT("tailAsm", NOSPLIT, "func(a *uint64, gap *uint, rows int, c, l, r uint64) uint64")
	Pragma("noescape")
	Doc(
		fmt.Sprintf("tailAsm counts the ways to fill rows free rows, 3 <= rows <= %d,", m),
		"whose masks are a[:rows] (the squares each leaves open) and gap[:rows]",
		"(the distance from each to the next), given Richards' masks c, l, r",
		"of the first. It is tail of zkernel.go in assembly; it needs BMI1,",
		"BMI2 and POPCNT.",
	)
	// The frame keeps, for each row above the one being filled, its free
	// squares still to try and its three masks; then the first row's level.
	const slots = 4
	frame := AllocLocal(8 * (slots*m + 1))
	slot := func(level, i int) Mem { return frame.Offset(8 * (slots*level + i)) }
	base := frame.Offset(8 * slots * m)

	Load(Param("a"), allowed)
	Load(Param("gap"), gaps)
	Load(Param("c"), c)
	Load(Param("l"), l)
	Load(Param("r"), r)
	rows := Load(Param("rows"), np)
	XORQ(found, found)

	// Level i of the code fills row i of a maxTail-row kernel; a call for
	// rows rows starts at level maxTail-rows, with the pointers moved back
	// as many rows, and returns when that level's loop is done.
	last := m - 3 // the deepest loop: the two rows below it are counted
	for start := 0; start <= last; start++ {
		CMPQ(rows, U32(m-start))
		JEQ(LabelRef(fmt.Sprintf("start%d", start)))
	}
	JMP(LabelRef("done"))
	for start := 0; start <= last; start++ {
		Label(fmt.Sprintf("start%d", start))
		SUBQ(U32(8*start), allowed)
		SUBQ(U32(8*start), gaps)
		MOVQ(U32(start), base)
		MOVQ(c, p)
		ORQ(l, p)
		ORQ(r, p)
		ANDNQ(Mem{Base: allowed, Disp: 8 * start}, p, p) // p = a[start] &^ (c | l | r)
		JMP(LabelRef(fmt.Sprintf("loop%d", start)))
	}

	for i := 0; i <= last; i++ {
		Label(fmt.Sprintf("loop%d", i))
		Commentf("Row %d of the kernel: take its next free square.", i)
		TESTQ(p, p)
		JEQ(LabelRef(fmt.Sprintf("exit%d", i)))
		BLSIQ(p, bit) // bit = p & -p, the lowest set bit
		BLSRQ(p, p)   // p &= p - 1, p without it
		MOVQ(Mem{Base: gaps, Disp: 8 * i}, g)
		MOVQ(c, nc)
		ORQ(bit, nc)
		MOVQ(l, nl)
		ORQ(bit, nl)
		SHLXQ(g, nl, nl)
		MOVQ(r, nr)
		ORQ(bit, nr)
		SHRXQ(g, nr, nr)
		MOVQ(nc, np)
		ORQ(nl, np)
		ORQ(nr, np)
		ANDNQ(Mem{Base: allowed, Disp: 8 * (i + 1)}, np, np) // np = a[i+1] &^ (nc | nl | nr)
		MOVQ(Mem{Base: gaps, Disp: 8 * (i + 1)}, g)
		SHLXQ(g, nl, nx)
		SHRXQ(g, nr, bit)
		ORQ(bit, nx)
		ORQ(nc, nx)
		ANDNQ(Mem{Base: allowed, Disp: 8 * (i + 2)}, nx, nx) // nx = a[i+2] &^ (nc | nl<<g | nr>>g)
		if i == last {
			lastTwo(i)
			continue
		}
		Comment("Go on only if both rows below have a free square: one branch on min(np, nx).")
		MOVQ(np, bit)
		CMPQ(bit, nx)
		CMOVQHI(nx, bit)
		TESTQ(bit, bit)
		JEQ(LabelRef(fmt.Sprintf("loop%d", i)))
		Comment("Keep this row in the frame and fill the next.")
		MOVQ(p, slot(i, 0))
		MOVQ(c, slot(i, 1))
		MOVQ(l, slot(i, 2))
		MOVQ(r, slot(i, 3))
		MOVQ(np, p)
		MOVQ(nc, c)
		MOVQ(nl, l)
		MOVQ(nr, r)
	}

	for i := last; i >= 0; i-- {
		Label(fmt.Sprintf("exit%d", i))
		if i == 0 {
			JMP(LabelRef("done"))
			continue
		}
		Commentf("Row %d is done: back to row %d, unless the call started here.", i, i-1)
		CMPQ(base, U32(i))
		JEQ(LabelRef("done"))
		MOVQ(slot(i-1, 0), p)
		MOVQ(slot(i-1, 1), c)
		MOVQ(slot(i-1, 2), l)
		MOVQ(slot(i-1, 3), r)
		JMP(LabelRef(fmt.Sprintf("loop%d", i-1)))
	}
	Label("done")
	Store(found, ReturnIndex(0))
	RET()
	Generate()
	nameGenerator(m)
}

// nameGenerator rewrites the first line of the files written, which avo
// makes of the command line ("go run main.go" and the paths given), to
// name the command that go generate runs, the same from any directory.
func nameGenerator(rows int) {
	pkg := flag.Lookup("pkg").Value.String()
	dir := "../internal/" + pkg + "/"
	header := fmt.Sprintf("// Code generated by go run -C ../../tools ./kernelasm -rows %d -out %szkernel_amd64.s -stubs %szkernel_amd64.go -pkg %s; DO NOT EDIT.", rows, dir, dir, pkg)
	for _, flagName := range []string{"out", "stubs"} {
		name := flag.Lookup(flagName).Value.String()
		b, err := os.ReadFile(name)
		if err != nil {
			log.Fatalf("kernelasm: %v", err)
		}
		if _, rest, ok := strings.Cut(string(b), "\n"); ok && strings.HasPrefix(string(b), "// Code generated by") {
			b = []byte(header + "\n" + rest)
		}
		if err := os.WriteFile(name, b, 0o644); err != nil {
			log.Fatalf("kernelasm: %v", err)
		}
	}
}

// lastTwo counts the solutions of the last two rows, below the deepest
// loop, as lastTwo of lastrows.go does: np holds the free squares of the row
// before last, nx those of the last row before a queen goes above it, g
// the distance between the two. nx has one or two squares; a queen on b
// leaves none of them free when each is b's column or on b's diagonals.
func lastTwo(i int) {
	lo, hi, t := nc, nl, nr
	Comment("The last two rows, without a branch: nothing counts if nx is empty.")
	TESTQ(nx, nx)
	CMOVQEQ(nx, np)
	BLSIQ(nx, lo) // lo = the lowest square of nx
	BLSRQ(nx, hi) // hi = the other one, or 0
	CMOVQEQ(lo, hi)
	for _, x := range []Register{lo, hi} {
		SHLXQ(g, x, t)
		SHRXQ(g, x, bit)
		ORQ(t, x)
		ORQ(bit, x) // x | x<<g | x>>g
	}
	ANDQ(hi, lo)      // the squares that block both
	ANDNQ(np, lo, np) // np &^= them
	POPCNTQ(np, t)
	ADDQ(t, found)
	JMP(LabelRef(fmt.Sprintf("loop%d", i)))
}
