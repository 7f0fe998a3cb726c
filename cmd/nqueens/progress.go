package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gonqueens/nqueens"
	"golang.org/x/term"
)

// A progressBar shows how far a command's work has come on stderr: on a
// terminal, as a bar on one line, rewritten in place once the work has
// run for delay, which never writes into the last column, so the line
// never wraps; elsewhere (a batch job's log), as a plain line every
// `every`, and a last one when the work is done.
type progressBar struct {
	w     io.Writer
	shown bool          // whether to draw the bar: w is a terminal
	delay time.Duration // how long a count runs before its bar shows
	cols  int           // of the terminal; 0: unknown, taken as 80
	width int           // of the last line drawn, 0 if none
	// every is how often a log gets a line, 0 for never; logged is the
	// Elapsed of the last line written, rounded down to a multiple of
	// every, ended whether the line of the end is written, and what names
	// the work ("count n=20") at the start of every line.
	every  time.Duration
	logged time.Duration
	ended  bool
	what   string
}

// newProgressBar returns the progress bar of a command whose messages go
// to stderr: a bar shown after a second if stderr is a terminal, and else
// a line every `every` (0: none), each starting with what.
func newProgressBar(stderr io.Writer, every time.Duration, what string) *progressBar {
	b := &progressBar{w: stderr, delay: time.Second, what: what}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		b.shown = true
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil {
			b.cols = cols
		}
	} else {
		b.every = every
	}
	return b
}

// reports reports whether b shows anything: whether a count should hand
// it its progress.
func (b *progressBar) reports() bool { return b.shown || b.every > 0 }

// progressEveryFlag adds the flag of how often a command's progress goes
// to a log, and returns it.
func progressEveryFlag(fs *flag.FlagSet) *time.Duration {
	return fs.Duration("progress-every", 10*time.Second, "when stderr is not a terminal (a batch job's log), print how far the work has come every `d` (0: never)")
}

// barLen is the length of the bar itself on a wide terminal.
const barLen = 30

func (b *progressBar) update(p nqueens.Progress) {
	switch {
	case b.shown && p.Elapsed >= b.delay:
		b.draw(b.line(p))
	case b.every <= 0 || b.ended:
	case p.Elapsed >= b.logged+b.every:
		b.logged = p.Elapsed.Truncate(b.every)
		b.log(b.logLine(p))
	case b.logged > 0 && p.Subproblems > 0 && p.Done == p.Subproblems:
		// The end of work long enough to have a line in the log.
		b.ended = true
		b.log(b.logLine(p))
	}
}

// log writes line as a line of the log.
func (b *progressBar) log(line string) {
	fmt.Fprintf(b.w, "nqueens: %s: %s\n", b.what, line)
}

// logLine returns the line of a log for p: the share done, the
// subproblems, the time elapsed and the time left, or the pace before
// the count can tell the time left.
func (b *progressBar) logLine(p nqueens.Progress) string {
	if p.Subproblems == 0 {
		return p.Elapsed.Round(time.Second).String() + " elapsed; a strategy counts in one piece, and cannot tell how far it has come"
	}
	line := fmt.Sprintf("%.1f%% done, %d of %d subproblems, %s elapsed, ", 100*p.Fraction(), p.Done, p.Subproblems, p.Elapsed.Round(time.Second))
	switch {
	case p.Done == p.Subproblems:
		return line + "none left"
	case p.Remaining > 0:
		return line + timeLeft(p.Remaining)
	}
	return line + "time left not known yet (" + rate(p.Fraction(), p.Elapsed) + " so far)"
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

// timeLeft says how long is left, to the second, for a line of a log.
func timeLeft(d time.Duration) string {
	if d < time.Second {
		return "under a second left"
	}
	return "about " + d.Round(time.Second).String() + " left"
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

// logEvery writes line(elapsed) to the log every b.every from another
// goroutine, for work that reports no Progress of its own, until the
// returned function is called; it does nothing on a terminal or where
// b.every is 0. line must be safe to call from that goroutine.
func (b *progressBar) logEvery(line func(elapsed time.Duration) string) (stop func()) {
	if b.every <= 0 {
		return func() {}
	}
	start := time.Now()
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(b.every)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				b.log(line(time.Since(start)))
			}
		}
	}()
	return func() {
		close(done)
		<-stopped
	}
}
