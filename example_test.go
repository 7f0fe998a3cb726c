package nqueens_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/gonqueens/nqueens"
)

// Count is the call to make for the number of solutions.
func ExampleCount() {
	total, err := nqueens.Count(8)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(total)
	// Output: 92
}

// CountContext gives both counts from one search, and stops when its
// context is done.
func ExampleCountContext() {
	c, err := nqueens.CountContext(context.Background(), 10, nqueens.WithWorkers(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Total, "solutions,", c.Unique, "up to symmetry")
	// Output: 724 solutions, 92 up to symmetry
}

// Enumerate hands each solution to a function, which returns false to
// stop. The Solution is reused: clone it to keep it.
func ExampleEnumerate() {
	var first []nqueens.Solution
	nqueens.Enumerate(6, func(s nqueens.Solution) bool {
		first = append(first, slices.Clone(s))
		return len(first) < 3
	})
	for _, s := range first {
		fmt.Println([]int(s)) // the columns; printing s itself draws the board
	}
	// Output:
	// [1 3 5 0 2 4]
	// [2 5 1 4 0 3]
	// [3 0 4 1 5 2]
}

// String draws a solution: the first of the 4×4 board.
func ExampleSolution_String() {
	nqueens.Enumerate(4, func(s nqueens.Solution) bool {
		fmt.Print(s)
		return false
	})
	// Output:
	// .Q..
	// ...Q
	// Q...
	// ..Q.
}

// Every strategy counts the same: pick one to learn from or to time.
func ExampleStrategy() {
	for _, s := range nqueens.Strategies() {
		total, _ := s.Count(9)
		fmt.Println(s.Name(), total)
	}
	// Output:
	// naive 352
	// cached 352
	// bitwise 352
	// flipped 352
	// engine 352
}

// Errors say what was wrong and what is allowed.
func ExampleCount_error() {
	_, err := nqueens.Count(65)
	fmt.Println(err)
	// Output: nqueens: board size 65 out of range [0, 64]
}
