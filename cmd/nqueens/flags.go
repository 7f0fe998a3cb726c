package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// The command line of a command: its flags, which may come before or
// after its arguments, its board size, and the numbers and amounts of
// memory its flags take.

// newFlagSet returns a flag set for command name that reports errors
// through its return values, not on its own.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args into fs, which must leave exactly want
// arguments (any number if want < 0), and returns them. Flags may come before or after the
// arguments, and "--" ends the flags. An argument that starts with "-"
// and then a digit or a dot, such as -5 or -1,.,.,., is an argument (or a
// flag's value), not a flag: no flag's name starts so.
func parseFlags(fs *flag.FlagSet, args []string, want int) ([]string, error) {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case len(a) > 1 && a[0] == '-' && !valueLike(a):
			flags = append(flags, a)
			if takesValue(fs, a) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		default:
			rest = append(rest, a)
		}
	}
	if err := fs.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, helpRequest{fs}
		}
		return nil, usagef("%s: %v", fs.Name(), err)
	}
	switch {
	case want < 0:
	case len(rest) < want:
		return nil, usagef("%s needs %s", fs.Name(), argNames[fs.Name()])
	case len(rest) > 0 && want == 0:
		return nil, usagef("%s takes no arguments, got %s", fs.Name(), short(strings.Join(rest, " ")))
	case len(rest) > want:
		return nil, usagef("%s takes only %s, got %d arguments: %s", fs.Name(), argNames[fs.Name()], len(rest), short(strings.Join(rest, " ")))
	}
	return rest, nil
}

// valueLike reports whether a, which starts with "-", is a value rather
// than a flag: a negative number or a board's column list.
func valueLike(a string) bool {
	return len(a) > 1 && (a[1] >= '0' && a[1] <= '9' || a[1] == '.')
}

// takesValue reports whether the flag token a, without "=", names a flag
// of fs that takes a value from the next argument: any but a bool flag.
func takesValue(fs *flag.FlagSet, a string) bool {
	name := strings.TrimLeft(a, "-")
	if strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// boardArg reads the command line args of the command of fs, whose one
// argument is a board size from 0 to most, as parseFlags does, and
// returns the size.
func boardArg(fs *flag.FlagSet, args []string, most int) (int, error) {
	rest, err := parseFlags(fs, args, 1)
	if err != nil {
		return 0, err
	}
	return parseSize(fs.Name(), rest[0], most)
}

// parseSize parses the board size argument arg of the command cmd, from
// 0 to most.
func parseSize(cmd, arg string, most int) (int, error) {
	n, err := parseDecimal(arg)
	switch {
	case errors.Is(err, errTooLarge):
		return 0, usagef("%s: board size %s out of range [0, %d]", cmd, arg, most)
	case err != nil:
		return 0, usagef("%s: board size %v", cmd, err)
	case n < 0 || n > most:
		return 0, usagef("%s: board size %d out of range [0, %d]", cmd, n, most)
	}
	return n, nil
}

// errTooLarge reports a whole number beyond the range of an int.
var errTooLarge = fmt.Errorf("is a whole number too large: the most is %d", math.MaxInt)

// parseDecimal parses a whole number: decimal digits, a minus sign for a
// negative one, nothing else (no 0x10, +5 or 1_000). Leading zeros mean
// nothing, 08 is 8, as head -n 08 and seq read them: a number padded to a
// width, as a batch system's array index can be, is the number. Board
// sizes and every number flag follow this one rule.
// It returns an error that says which rule s breaks: not a whole number,
// or errTooLarge.
func parseDecimal(s string) (int, error) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, fmt.Errorf("%s is not a whole number", short(s))
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s %w", short(s), errTooLarge)
	}
	return n, nil
}

// decimalFlag is the value of a number flag, read by parseDecimal.
type decimalFlag int

func (d *decimalFlag) String() string { return strconv.Itoa(int(*d)) }

func (d *decimalFlag) Set(s string) error {
	n, err := parseDecimal(s)
	if err != nil {
		return err
	}
	*d = decimalFlag(n)
	return nil
}

// bytesFlag is the value of a flag that gives an amount of memory: a
// whole number read by parseDecimal, of bytes or, with K, M, G or T after
// it, of KiB, MiB, GiB or TiB.
type bytesFlag int64

func (b *bytesFlag) String() string {
	for i, unit := range []string{"T", "G", "M", "K"} {
		if shift := 40 - 10*i; *b > 0 && *b%(1<<shift) == 0 {
			return strconv.FormatInt(int64(*b)>>shift, 10) + unit
		}
	}
	return strconv.FormatInt(int64(*b), 10)
}

func (b *bytesFlag) Set(s string) error {
	digits, shift := s, 0
	if i := strings.IndexAny(s, "KMGT"); i >= 0 && i == len(s)-1 {
		digits, shift = s[:i], 10*(1+strings.IndexByte("KMGT", s[i]))
	}
	n, err := parseDecimal(digits)
	switch {
	case errors.Is(err, errTooLarge) || err == nil && n > math.MaxInt64>>shift:
		return fmt.Errorf("%s is more memory than a count can be given: want at most %dT", short(s), math.MaxInt64>>40)
	case err != nil || n <= 0:
		return fmt.Errorf("%s is not an amount of memory: want a positive whole number of bytes, or of K, M, G or T", short(s))
	}
	*b = bytesFlag(int64(n) << shift)
	return nil
}

// intFlag defines a number flag of fs, read by parseDecimal.
func intFlag(fs *flag.FlagSet, name string, value int, usage string) *int {
	p := new(int)
	*p = value
	fs.Var((*decimalFlag)(p), name, usage)
	return p
}

// flagSet reports whether the flag name of fs was given on the command
// line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
