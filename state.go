package nqueens

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
)

// A State is how far a count has come: which subproblems of its shard are
// done, and what they counted. [WithSave] hands one out every so often, and
// [WithResume] takes it back so that a count goes on where it stopped,
// searching only the subproblems left. A State is small: a bit for each
// subproblem of the shard, for a whole count that joins half-boards
// 4,096 to 8,191 runs of splits (3,432 for n = 14) and 2n searches of the
// solutions that a turn leaves unchanged. Only the engine makes one, and its
// methods read it; MarshalBinary writes it with a checksum, and
// MarshalText writes the same bytes in base64, so that encoding/json and
// other text formats keep all of it.
type State struct {
	plan   int    // the PlanVersion of the split
	n      int    // the board size
	shard  int    // the shard counted, 0 for a whole count
	shards int    // the number of shards, 1 for a whole count
	counts Counts // what the subproblems done counted
	tasks  int    // the subproblems of the shard
	done   bitset
}

// N returns the size of the board counted.
func (s State) N() int { return s.n }

// Shard returns the shard counted, i of k; 0 of 1 for a whole count.
func (s State) Shard() (i, k int) { return s.shard, s.shards }

// PlanVersion returns the PlanVersion of the split the count used.
func (s State) PlanVersion() int { return s.plan }

// Counts returns what the subproblems done counted, which name the count
// as its Shard: the counts of the whole shard once Done equals
// Subproblems. As [Counts] says, Unique is 0 until a whole board's count
// is done.
func (s State) Counts() Counts {
	c := s.counts
	if s.shards > 1 || s.Done() < s.tasks {
		c.Unique = 0
	}
	c.Shard = Shard{N: s.n, Index: s.shard, Of: s.shards, Plan: s.plan}
	return c
}

// Done returns the number of subproblems done.
func (s State) Done() int {
	d := 0
	for _, w := range s.done {
		d += bits.OnesCount64(w)
	}
	return d
}

// Subproblems returns the number of subproblems of the count.
func (s State) Subproblems() int { return s.tasks }

// stateMagic opens every marshalled State; its last byte is the format's
// version.
var stateMagic = []byte("nqueens state\n\x02")

// stateSum is how many bytes of SHA-256 close a marshalled State.
const stateSum = 16

// maxStateTasks bounds the subproblems a State may claim, far above any
// split: the bits of a larger claim could not be in memory anyway.
const maxStateTasks = 1 << 40

// MarshalBinary encodes s: a header, the fields, the bits of the
// subproblems done and a checksum of all of them.
func (s State) MarshalBinary() ([]byte, error) {
	b := bytes.Clone(stateMagic)
	for _, v := range []uint64{uint64(s.plan), uint64(s.n), uint64(s.shard), uint64(s.shards),
		uint64(s.tasks), s.counts.Total, s.counts.Unique, s.counts.Invariant90, s.counts.Invariant180} {
		b = binary.AppendUvarint(b, v)
	}
	for _, w := range s.done {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	sum := sha256.Sum256(b)
	return append(b, sum[:stateSum]...), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote into s. Bytes cut
// short, damaged or of another kind get an error wrapping [ErrState] that
// says which; nothing is allocated for a field before it is checked.
func (s *State) UnmarshalBinary(data []byte) error {
	switch {
	case len(data) == 0:
		return fmt.Errorf("%w: empty", ErrState)
	case !bytes.HasPrefix(data, stateMagic[:len(stateMagic)-1]):
		return fmt.Errorf("%w: not a state of nqueens", ErrState)
	case len(data) < len(stateMagic)+stateSum:
		return fmt.Errorf("%w: cut short at %d bytes", ErrState, len(data))
	case data[len(stateMagic)-1] != stateMagic[len(stateMagic)-1]:
		return fmt.Errorf("%w: format %d, want %d", ErrState, data[len(stateMagic)-1], stateMagic[len(stateMagic)-1])
	}
	body, sum := data[:len(data)-stateSum], data[len(data)-stateSum:]
	if want := sha256.Sum256(body); !bytes.Equal(sum, want[:stateSum]) {
		return fmt.Errorf("%w: checksum mismatch: cut short or damaged", ErrState)
	}
	rest := body[len(stateMagic):]
	var v [9]uint64
	for i := range v {
		x, n := binary.Uvarint(rest)
		if n <= 0 {
			return fmt.Errorf("%w: field %d unreadable", ErrState, i)
		}
		v[i], rest = x, rest[n:]
	}
	t := State{plan: int(v[0]), n: int(v[1]), shard: int(v[2]), shards: int(v[3]), tasks: int(v[4]),
		counts: Counts{Total: v[5], Unique: v[6], Invariant90: v[7], Invariant180: v[8]}}
	switch {
	case v[1] > MaxN:
		return fmt.Errorf("%w: board size %d out of range [0, %d]", ErrState, v[1], MaxN)
	case v[3] < 1 || v[3] > MaxShards || v[2] >= v[3]:
		return fmt.Errorf("%w: shard %d of %d out of range", ErrState, v[2], v[3])
	case v[4] > maxStateTasks || uint64(len(rest)) != (v[4]+63)/64*8:
		return fmt.Errorf("%w: %d bytes of done subproblems for %d subproblems", ErrState, len(rest), v[4])
	}
	t.done = make(bitset, len(rest)/8)
	for i := range t.done {
		t.done[i] = binary.LittleEndian.Uint64(rest[8*i:])
	}
	if extra := t.tasks % 64; extra != 0 && t.done[len(t.done)-1]>>extra != 0 {
		return fmt.Errorf("%w: a subproblem beyond the last is marked done", ErrState)
	}
	if err := t.checkCounts(); err != nil {
		return fmt.Errorf("%w: %v", ErrState, err)
	}
	*s = t
	return nil
}

// MarshalText encodes s as the bytes of MarshalBinary in standard base64.
func (s State) MarshalText() ([]byte, error) {
	b, err := s.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return base64.StdEncoding.AppendEncode(nil, b), nil
}

// UnmarshalText decodes what MarshalText wrote into s, with the checks of
// UnmarshalBinary.
func (s *State) UnmarshalText(text []byte) error {
	b, err := base64.StdEncoding.AppendDecode(nil, text)
	if err != nil {
		return fmt.Errorf("%w: not base64: %v", ErrState, err)
	}
	return s.UnmarshalBinary(b)
}

// checkCounts reports counts that no count could have made: counts with
// no subproblem done, beyond the whole board's for a board without
// subproblems; unique counts that the split cannot have made; and whole
// counts that Burnside's lemma refuses. The
// subproblems of constellations count whole classes of solutions under the
// 8 symmetries, of 1, 2, 4 or 8 members each; a join counts no classes,
// and a whole count gets Unique from Burnside's lemma once it is done.
func (s State) checkCounts() error {
	c := s.counts
	if s.Done() == 0 {
		want := Counts{}
		if s.n < 4 && s.shard == 0 {
			want = smallCounts(s.n) // counted without subproblems
		}
		if c != want {
			return fmt.Errorf("counts %+v with no subproblem done, want %+v", c, want)
		}
		return nil
	}
	done := s.shards == 1 && s.Done() == s.tasks
	switch {
	case engineFor(s.n) != joinEngine:
		if c.Unique > c.Total || c.Total/8 > c.Unique || c.Total/8 == c.Unique && c.Total%8 != 0 {
			return fmt.Errorf("total %d and unique %d cannot go together", c.Total, c.Unique)
		}
	case !done && c.Unique != 0:
		return fmt.Errorf("unique %d from a join before its end", c.Unique)
	}
	if unique, ok := uniqueOf(s.n, c.Total, c.Invariant90, c.Invariant180); done && (!ok || unique != c.Unique) {
		return fmt.Errorf("counts %+v that Burnside's lemma refuses", c)
	}
	return nil
}

// Matches reports how s differs from a count of shard i of k of the n×n
// board, as an error wrapping ErrStateMismatch, or nil if [WithResume]
// can take s on for that count: a program can check a checkpoint before it
// says it resumes. A count of 1 shard is shard 0 of 1.
func (s State) Matches(n, i, k int) error {
	switch {
	case s.plan != PlanVersion:
		return fmt.Errorf("%w: a state of split plan %d, but this count splits with plan %d", ErrStateMismatch, s.plan, PlanVersion)
	case s.n != n:
		return fmt.Errorf("%w: a state of n=%d, but this count is of n=%d", ErrStateMismatch, s.n, n)
	case s.shard != i || s.shards != k:
		return fmt.Errorf("%w: a state of shard %d of %d, but this count is of shard %d of %d", ErrStateMismatch, s.shard, s.shards, i, k)
	}
	return nil
}

// check reports how s differs from the count of shard of shards of the
// n×n board with tasks subproblems, as an error wrapping ErrStateMismatch,
// or ErrOption for the zero State and ErrState for counts no count made.
func (s State) check(n, shard, shards, tasks int) error {
	if s.shards == 0 {
		return fmt.Errorf("%w: the zero State, which no count handed out: resume from a State that WithSave passed", ErrOption)
	}
	if err := s.Matches(n, shard, shards); err != nil {
		return err
	}
	if s.tasks != tasks || len(s.done) != (tasks+63)/64 {
		return fmt.Errorf("%w: a state of %d subproblems, but this count has %d", ErrStateMismatch, s.tasks, tasks)
	}
	if err := s.checkCounts(); err != nil {
		return fmt.Errorf("%w: %v", ErrState, err)
	}
	return nil
}

// newState returns the state of a count of shard of shards of the n×n
// board with tasks subproblems, none of them done.
func newState(n, shard, shards, tasks int) State {
	return State{plan: PlanVersion, n: n, shard: shard, shards: shards, tasks: tasks, done: newBitset(tasks)}
}

// isDone reports whether subproblem i is done.
func (s *State) isDone(i int) bool { return s.done.has(i) }

// markDone records subproblem i as done, with its counts.
func (s *State) markDone(i int, c Counts) {
	s.done.set(i)
	s.counts.Total += c.Total
	s.counts.Unique += c.Unique
	s.counts.Invariant90 += c.Invariant90
	s.counts.Invariant180 += c.Invariant180
}

// clone returns a copy of s that shares nothing with it.
func (s State) clone() State {
	s.done = slices.Clone(s.done)
	return s
}

// A bitset holds a bit for each index from 0: a State's subproblems done,
// SumShards's shards seen.
type bitset []uint64

// newBitset returns a bitset of n bits, none set.
func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

// has reports whether bit i is set.
func (b bitset) has(i int) bool { return b[i/64]>>(i%64)&1 != 0 }

// set sets bit i.
func (b bitset) set(i int) { b[i/64] |= 1 << (i % 64) }
