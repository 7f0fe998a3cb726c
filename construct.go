package nqueens

import (
	"fmt"
)

// MaxConstruct is the largest board [Construct] accepts: its solution takes
// 8 bytes a row, 2 GiB for the largest.
const MaxConstruct = 1 << 28

// Construct returns one solution of the n×n board without any search, in
// O(n) time and memory, for every n >= 4 and for n = 0 and 1. It returns
// an error wrapping [ErrNoSolution] for n = 2 and 3, and one wrapping
// [ErrBoardSize] unless 0 <= n <= [MaxConstruct].
//
// The construction (E. J. Hoffman, J. C. Loessi and R. C. Moore, 1969)
// puts the queens of the first rows on the even columns and those of the
// last rows on the odd ones, each group a diagonal of knight's moves; when
// n mod 6 is 2 or 3 those runs would meet on a diagonal, and a few queens
// move to the end of their group to break the meeting.
func Construct(n int) (Solution, error) {
	switch {
	case n < 0 || n > MaxConstruct:
		return nil, sizeError(n, MaxConstruct)
	case n == 2 || n == 3:
		return nil, fmt.Errorf("%w on the %d×%d board", ErrNoSolution, n, n)
	}
	// The construction counts columns from 1; evens and odds are the
	// columns it lists, and the solution holds them less one.
	s := make(Solution, 0, n)
	switch n % 6 {
	case 2: // evens 2, 4, ..., n; odds 3, 1, 7, 9, ..., n-1, 5
		s = appendColumns(s, 2, n)
		s = append(s, column(3), column(1))
		s = appendColumns(s, 7, n)
		s = append(s, column(5))
	case 3: // evens 4, 6, ..., n-1, 2; odds 5, 7, ..., n, 1, 3
		s = appendColumns(s, 4, n)
		s = append(s, column(2))
		s = appendColumns(s, 5, n)
		s = append(s, column(1), column(3))
	default: // evens 2, 4, ...; odds 1, 3, ...
		s = appendColumns(s, 2, n)
		s = appendColumns(s, 1, n)
	}
	return s, nil
}

// column returns the column, counted from 0, that the construction
// numbers c, counting from 1.
func column(c int) int { return c - 1 }

// appendColumns appends the columns from, from+2, ... up to n, counted
// from 1, to s as columns counted from 0.
func appendColumns(s Solution, from, n int) Solution {
	for c := from; c <= n; c += 2 {
		s = append(s, column(c))
	}
	return s
}
