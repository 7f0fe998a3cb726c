package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gonqueens/nqueens"
	"golang.org/x/term"
)

// progressBar draws a count's progress on one terminal line, rewritten in
// place, once the count has run for delay. It never writes into the last
// column of the terminal, so the line never wraps.
type progressBar struct {
	w     io.Writer
	shown bool          // whether to draw at all: w is a terminal
	delay time.Duration // how long a count runs before its bar shows
	cols  int           // of the terminal; 0: unknown, taken as 80
	width int           // of the last line drawn, 0 if none
}

// newProgressBar returns the progress bar of a command whose messages go
// to stderr, shown if stderr is a terminal, after a second.
func newProgressBar(stderr io.Writer) *progressBar {
	b := &progressBar{w: stderr, delay: time.Second}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		b.shown = true
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil {
			b.cols = cols
		}
	}
	return b
}

// barLen is the length of the bar itself on a wide terminal.
const barLen = 30

func (b *progressBar) update(p nqueens.Progress) {
	if !b.shown || p.Elapsed < b.delay {
		return
	}
	b.draw(b.line(p))
}

// line returns the progress line for p, as wide as the terminal allows:
// the bar, the share done and the times, then the subproblems and their
// rate if there is room. A Progress of no subproblems is a strategy's
// count, which has only its time to show.
func (b *progressBar) line(p nqueens.Progress) string {
	room := b.cols - 1
	if b.cols <= 0 {
		room = 79
	}
	if p.Subproblems == 0 {
		line := p.Elapsed.Round(time.Second).String() + " elapsed; a strategy counts in one piece, and cannot tell how far it has come"
		return line[:min(len(line), max(room, 0))]
	}
	frac := p.Fraction()
	times := fmt.Sprintf(" %5.1f%% %s elapsed, ", 100*frac, p.Elapsed.Round(time.Second))
	switch {
	case p.Done == p.Subproblems:
		times += "done"
	case p.Remaining > 0:
		times += "about " + p.Remaining.Round(time.Second).String() + " left"
	default:
		times += rate(frac, p.Elapsed) + " so far"
	}
	detail := fmt.Sprintf(", %d/%d subproblems, %s/s", p.Done, p.Subproblems, threeDigits(float64(p.Done)/p.Elapsed.Seconds()))
	if len(times)+len(detail)+barLen+2 <= room {
		times += detail
	}
	line := times[1:]
	if n := min(barLen, room-len(times)-2); n >= 5 {
		filled := int(frac * float64(n))
		line = "[" + strings.Repeat("#", filled) + strings.Repeat(".", n-filled) + "]" + times
	}
	return line[:min(len(line), max(room, 0))]
}

// rate returns the share of the work done per minute, hour or day, the
// first that makes it at least 1%, as "2.5%/h": what the count can say of
// its pace before it estimates the time left.
func rate(frac float64, elapsed time.Duration) string {
	perDay := 100 * frac / elapsed.Hours() * 24
	switch {
	case perDay >= 24*60:
		return percent(perDay/(24*60)) + "/min"
	case perDay >= 24:
		return percent(perDay/24) + "/h"
	}
	return percent(perDay) + "/day"
}

// percent writes p as threeDigits does, with a percent sign.
func percent(p float64) string { return threeDigits(p) + "%" }

// threeDigits writes x with three significant digits and never with an
// exponent: 0.0012, 2.5, 14.3, 1430.
func threeDigits(x float64) string {
	v, _ := strconv.ParseFloat(fmt.Sprintf("%.3g", x), 64)
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// draw writes line over the last one.
func (b *progressBar) draw(line string) {
	fmt.Fprintf(b.w, "\r%-*s", b.width, line) // a carriage return, then pad over the last line
	b.width = len(line)
}

// clear erases the bar, if one was drawn.
func (b *progressBar) clear() {
	if b.width > 0 {
		fmt.Fprintf(b.w, "\r%s\r", strings.Repeat(" ", b.width))
		b.width = 0
	}
}
