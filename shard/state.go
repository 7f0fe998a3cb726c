package shard

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/internal/engine"
)

// A State is how far a count has come: which subproblems of its shard are
// done, and what they counted. A [Job]'s Save hands one out every so
// often, and its Resume takes it back so that a count goes on where it
// stopped, searching only the subproblems left. A State is small: a bit
// for each subproblem of the shard, for a whole count that joins
// half-boards 4,096 to 8,191 runs of splits (3,432 for n = 14) and 2n
// searches of the solutions that a turn leaves unchanged. Only a count
// makes one, and its methods read it; MarshalBinary writes it with a
// checksum, and MarshalText writes the same bytes in base64, so that
// encoding/json and other text formats keep all of it.
type State struct {
	plan  int          // the PlanVersion of the split
	state engine.State // the count's board, shard, subproblems and counts
}

// Counts returns what the subproblems done counted, which name the count
// as their Shard (its board, shard and PlanVersion): the counts of the
// whole shard once Done equals Subproblems. As [Counts] says, Unique is 0
// until a whole board's count is done.
func (s State) Counts() Counts {
	t := &s.state
	c := t.Counts
	if t.Shards > 1 || t.DoneCount() < t.Subproblems {
		c.Unique = 0
	}
	return countsOf(c, ID{N: t.N, Index: t.Shard, Of: t.Shards, Plan: s.plan})
}

// Recount reports whether s is the state of a recount ([Job].Recount).
func (s State) Recount() bool { return s.state.Recount }

// Done returns the number of subproblems done.
func (s State) Done() int { return s.state.DoneCount() }

// Subproblems returns the number of subproblems of the count.
func (s State) Subproblems() int { return s.state.Subproblems }

// stateMagic opens every marshalled State; its last byte is the format's
// version. Version 3 adds a field after the counts, 1 for a recount and 0
// for a count; UnmarshalBinary reads version 2, of counts alone, too.
var stateMagic = []byte("nqueens state\n\x03")

// stateV2 is the version of the format before recounts.
const stateV2 = 2

// stateSum is how many bytes of SHA-256 close a marshalled State.
const stateSum = 16

// maxStateSubproblems bounds the subproblems a State may claim, far above any
// split: the bits of a larger claim could not be in memory anyway.
const maxStateSubproblems = 1 << 40

// MarshalBinary encodes s: a header, the fields, the bits of the
// subproblems done and a checksum of all of them.
func (s State) MarshalBinary() ([]byte, error) {
	t := &s.state
	b := bytes.Clone(stateMagic)
	for _, v := range []uint64{uint64(s.plan), uint64(t.N), uint64(t.Shard), uint64(t.Shards),
		uint64(t.Subproblems), t.Counts.Total, t.Counts.Unique, t.Counts.Invariant90, t.Counts.Invariant180, kindOf(t.Recount)} {
		b = binary.AppendUvarint(b, v)
	}
	for _, w := range t.Done {
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
	case data[len(stateMagic)-1] != stateMagic[len(stateMagic)-1] && data[len(stateMagic)-1] != stateV2:
		return fmt.Errorf("%w: format %d, want %d or %d", ErrState, data[len(stateMagic)-1], stateV2, stateMagic[len(stateMagic)-1])
	}
	body, sum := data[:len(data)-stateSum], data[len(data)-stateSum:]
	if want := sha256.Sum256(body); !bytes.Equal(sum, want[:stateSum]) {
		return fmt.Errorf("%w: checksum mismatch: cut short or damaged", ErrState)
	}
	rest := body[len(stateMagic):]
	var v [10]uint64 // the last, the kind, is 0 in version 2
	fields := v[:]
	if data[len(stateMagic)-1] == stateV2 {
		fields = v[:9]
	}
	for i := range fields {
		x, n := binary.Uvarint(rest)
		if n <= 0 {
			return fmt.Errorf("%w: field %d unreadable", ErrState, i)
		}
		v[i], rest = x, rest[n:]
	}
	if v[9] > 1 {
		return fmt.Errorf("%w: kind %d, want 0 (a count) or 1 (a recount)", ErrState, v[9])
	}
	if v[2] > MaxShards || v[3] > MaxShards {
		return fmt.Errorf("%w: shard %d of %d out of range", ErrState, v[2], v[3])
	}
	if err := checkShard(int(v[2]), int(v[3])); err != nil {
		return fmt.Errorf("%w: %v", ErrState, err)
	}
	switch {
	case v[1] > nqueens.MaxN:
		return fmt.Errorf("%w: %w", ErrState, engine.SizeError{N: int(v[1]), Max: nqueens.MaxN})
	case v[4] > maxStateSubproblems || uint64(len(rest)) != (v[4]+63)/64*8:
		return fmt.Errorf("%w: %d bytes of done subproblems for %d subproblems", ErrState, len(rest), v[4])
	}
	t := engine.State{N: int(v[1]), Shard: int(v[2]), Shards: int(v[3]), Subproblems: int(v[4]),
		Counts: engine.Counts{Total: v[5], Unique: v[6], Invariant90: v[7], Invariant180: v[8]},
		Done:   make(engine.Bitset, len(rest)/8), Recount: v[9] == 1}
	for i := range t.Done {
		t.Done[i] = binary.LittleEndian.Uint64(rest[8*i:])
	}
	if extra := t.Subproblems % 64; extra != 0 && t.Done[len(t.Done)-1]>>extra != 0 {
		return fmt.Errorf("%w: a subproblem beyond the last is marked done", ErrState)
	}
	if err := t.Check(); err != nil {
		return fmt.Errorf("%w: %v", ErrState, err)
	}
	*s = State{plan: int(v[0]), state: t}
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

// planMatches returns an error wrapping ErrStateMismatch if s is of
// another split plan than this package's.
func (s State) planMatches() error {
	if s.plan != PlanVersion {
		why := fmt.Sprintf("a state of split plan %d, but this count splits with plan %d", s.plan, PlanVersion)
		return engine.Public("shard", &engine.MismatchError{Why: why}, ErrStateMismatch)
	}
	return nil
}

// resumable returns s's state for a count to go on from, or an error
// wrapping ErrJob for the zero State, which no count handed out,
// ErrStateMismatch for a State of another split plan, or ErrState for
// counts that no count made. The engine checks the rest against the count
// it plans.
func (s State) resumable() (*engine.State, error) {
	if s.state.Shards == 0 {
		return nil, fmt.Errorf("%w: a Resume of the zero State, which no count handed out: resume from a State that Save was given", ErrJob)
	}
	if err := s.planMatches(); err != nil {
		return nil, err
	}
	if err := s.state.Check(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrState, err)
	}
	t := s.state.Clone()
	return &t, nil
}

// kindOf returns the kind field of a State: 1 for a recount, 0 for a
// count.
func kindOf(recount bool) uint64 {
	if recount {
		return 1
	}
	return 0
}
