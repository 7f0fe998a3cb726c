package nqueens

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// A State is how far a count has come: which subproblems of its shard are
// done, and what they counted. WithSave hands one out every so often, and
// WithResume takes it back so that a count goes on where it stopped,
// searching only the subproblems left. A State is small: a bit for each
// subproblem of the shard (27,777 of them for n = 16, about 4,300 to 6,000
// for n = 17 to 20), and MarshalBinary writes it with a checksum.
type State struct {
	Plan   int    // the PlanVersion of the split
	N      int    // the board size
	Shard  int    // the shard counted, 0 for a whole count
	Shards int    // the number of shards, 1 for a whole count
	Counts Counts // what the subproblems done counted
	tasks  int    // the subproblems of the shard
	done   []uint64
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
var stateMagic = []byte("nqueens state\n\x01")

// stateSum is how many bytes of SHA-256 close a marshalled State.
const stateSum = 16

// maxStateTasks bounds the subproblems a State may claim, far above any
// split: the bits of a larger claim could not be in memory anyway.
const maxStateTasks = 1 << 40

// MarshalBinary encodes s: a header, the fields, the bits of the
// subproblems done and a checksum of all of them.
func (s State) MarshalBinary() ([]byte, error) {
	b := bytes.Clone(stateMagic)
	for _, v := range []uint64{uint64(s.Plan), uint64(s.N), uint64(s.Shard), uint64(s.Shards),
		uint64(s.tasks), s.Counts.Total, s.Counts.Unique} {
		b = binary.AppendUvarint(b, v)
	}
	for _, w := range s.done {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	sum := sha256.Sum256(b)
	return append(b, sum[:stateSum]...), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote into s. Bytes cut
// short, damaged or of another kind get an error wrapping ErrState that
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
	var v [7]uint64
	for i := range v {
		x, n := binary.Uvarint(rest)
		if n <= 0 {
			return fmt.Errorf("%w: field %d unreadable", ErrState, i)
		}
		v[i], rest = x, rest[n:]
	}
	t := State{Plan: int(v[0]), N: int(v[1]), Shard: int(v[2]), Shards: int(v[3]), tasks: int(v[4]),
		Counts: Counts{Total: v[5], Unique: v[6]}}
	switch {
	case v[1] > MaxN:
		return fmt.Errorf("%w: board size %d out of range [0, %d]", ErrState, v[1], MaxN)
	case v[3] < 1 || v[3] > MaxShards || v[2] >= v[3]:
		return fmt.Errorf("%w: shard %d of %d out of range", ErrState, v[2], v[3])
	case v[4] > maxStateTasks || uint64(len(rest)) != (v[4]+63)/64*8:
		return fmt.Errorf("%w: %d bytes of done subproblems for %d subproblems", ErrState, len(rest), v[4])
	}
	t.done = make([]uint64, len(rest)/8)
	for i := range t.done {
		t.done[i] = binary.LittleEndian.Uint64(rest[8*i:])
	}
	if extra := t.tasks % 64; extra != 0 && t.done[len(t.done)-1]>>extra != 0 {
		return fmt.Errorf("%w: a subproblem beyond the last is marked done", ErrState)
	}
	*s = t
	return nil
}

// check reports how s differs from the count of shard of shards of the
// n×n board with tasks subproblems, as an error wrapping ErrOption.
func (s State) check(n, shard, shards, tasks int) error {
	switch {
	case s.Plan != PlanVersion:
		return fmt.Errorf("%w: a state of split plan %d, but this count splits with plan %d", ErrOption, s.Plan, PlanVersion)
	case s.N != n:
		return fmt.Errorf("%w: a state of n=%d, but this count is of n=%d", ErrOption, s.N, n)
	case s.Shard != shard || s.Shards != shards:
		return fmt.Errorf("%w: a state of shard %d of %d, but this count is of shard %d of %d", ErrOption, s.Shard, s.Shards, shard, shards)
	case s.tasks != tasks || len(s.done) != (tasks+63)/64:
		return fmt.Errorf("%w: a state of %d subproblems, but this count has %d", ErrOption, s.tasks, tasks)
	}
	return nil
}

// isDone reports whether subproblem i is done.
func (s *State) isDone(i int) bool { return s.done[i/64]>>(i%64)&1 != 0 }

// markDone records subproblem i as done, with its counts.
func (s *State) markDone(i int, c Counts) {
	s.done[i/64] |= 1 << (i % 64)
	s.Counts.Total += c.Total
	s.Counts.Unique += c.Unique
}

// clone returns a copy of s that shares nothing with it.
func (s State) clone() State {
	s.done = append([]uint64(nil), s.done...)
	return s
}
