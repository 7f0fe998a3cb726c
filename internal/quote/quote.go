// Package quote quotes what a user gave for a message about it: the one
// way the package nqueens quotes a token, a line or an argument, which
// its command, a client of the public packages alone, quotes as too.
package quote

import (
	"fmt"
	"strconv"
)

// maxQuoted is the most bytes of a text that a message quotes.
const maxQuoted = 40

// Short quotes s as strconv.Quote does, cut to its first maxQuoted bytes
// and followed by its length when it is longer: a token of a megabyte
// makes an error of a line.
func Short(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:maxQuoted]) + fmt.Sprintf("... (%d bytes)", len(s))
}
