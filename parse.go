package nqueens

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gonqueens/nqueens/internal/quote"
)

// ParsePartial reads a partial board in either of the forms the package
// prints:
//
//   - a diagram, as Solution.Draw draws it: one line per row, 'Q' for a
//     queen and '.' for an empty square, optionally separated by spaces; a
//     row without a queen is Free;
//   - a column list, as Solution.String writes it: one column per row,
//     separated by spaces, commas or line breaks and optionally in
//     brackets, with '.', '-' or -1 for a Free row.
//
// Text with a 'Q', or of several lines that are not one column each, is a
// diagram; any other text is a column list. It checks the form, not the
// queens: columns must be on the board and a diagram square with at most
// one queen a row, but queens may attack each other. Errors wrap [ErrParse]
// and say where the text went wrong. Blank text is an error; "[]" is the
// 0×0 board.
func ParsePartial(text string) ([]int, error) {
	// A byte order mark, which some editors write first, is not text.
	text = strings.TrimSpace(strings.TrimPrefix(text, "\uFEFF"))
	switch {
	case text == "":
		return nil, fmt.Errorf("%w: the text is blank: no board", ErrParse)
	case len(text) > 1 && strings.Trim(text, ".") == "":
		return nil, fmt.Errorf("%w: %s is a diagram of one row, but a diagram has a row for each column", ErrParse, quote.Short(text))
	case strings.ContainsAny(text, "Qq") || strings.Contains(text, "\n") && !oneColumnPerLine(text):
		return parseDiagram(text)
	}
	return parseColumns(text)
}

// oneColumnPerLine reports whether every line of text holds one column of
// a column list and nothing else, brackets and commas aside.
func oneColumnPerLine(text string) bool {
	for line := range strings.Lines(text) {
		f := strings.Trim(line, " \t\r\n,[]")
		if _, err := strconv.Atoi(f); err != nil && f != "." && f != "-" {
			return false
		}
	}
	return true
}

// ParseSolution reads a solution in either form of [ParsePartial] and checks
// it: every row has a queen and no two attack each other. Errors wrap
// [ErrParse] or [ErrNotSolution].
func ParseSolution(text string) (Solution, error) {
	partial, err := ParsePartial(text)
	if err != nil {
		return nil, err
	}
	s := Solution(partial)
	if err := s.Check(); err != nil {
		return nil, err
	}
	return s, nil
}

func parseDiagram(text string) ([]int, error) {
	lines := strings.Split(text, "\n")
	n := len(lines)
	board := make([]int, n)
	for row, line := range lines {
		squares := strings.Join(strings.Fields(line), "")
		if w := utf8.RuneCountInString(squares); w != n {
			return nil, fmt.Errorf("%w: row %d has %d squares, want %d for a square board", ErrParse, row, w, n)
		}
		board[row] = Free
		for col, ch := range []rune(squares) {
			switch ch {
			case '.':
			case 'Q', 'q':
				if board[row] != Free {
					return nil, fmt.Errorf("%w: row %d has two queens", ErrParse, row)
				}
				board[row] = col
			default:
				return nil, fmt.Errorf("%w: row %d: %q is neither 'Q' nor '.'", ErrParse, row, ch)
			}
		}
	}
	return board, nil
}

func parseColumns(text string) ([]int, error) {
	if strings.HasPrefix(text, "[") {
		if !strings.HasSuffix(text, "]") {
			return nil, fmt.Errorf("%w: a '[' without its ']'", ErrParse)
		}
		text = text[1 : len(text)-1]
	}
	fields, err := columnFields(text)
	if err != nil {
		return nil, err
	}
	board := make([]int, len(fields))
	for row, f := range fields {
		if f == "." || f == "-" {
			board[row] = Free
			continue
		}
		col, err := strconv.Atoi(f)
		if err != nil || col < Free || col >= len(fields) {
			return nil, fmt.Errorf("%w: row %d: %s is not a column from 0 to %d, nor '.' for a free row", ErrParse, row, quote.Short(f), len(fields)-1)
		}
		board[row] = col
	}
	return board, nil
}

// columnFields splits a column list into its columns, separated by
// spaces, commas or line breaks. A comma stands between two columns: one
// with nothing but blanks beside it, first, last or after another comma,
// is an error, since a free row is written '.', never left out.
func columnFields(text string) ([]string, error) {
	var fields []string
	parts := strings.Split(text, ",")
	for _, part := range parts {
		f := strings.Fields(part)
		if len(f) == 0 && len(parts) > 1 {
			return nil, fmt.Errorf("%w: row %d: nothing between two commas, or beside one at an end; '.' marks a free row", ErrParse, len(fields))
		}
		fields = append(fields, f...)
	}
	return fields, nil
}
