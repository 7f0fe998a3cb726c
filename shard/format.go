package shard

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"

	"github.com/gonqueens/nqueens"
	"github.com/gonqueens/nqueens/internal/engine"
)

// The format of a marshalled State: StateHeader, the byte of its version
// (StateFormat), the fields as uvarints in the order of the field
// constants, the bits of the subproblems done, 8 bytes a word, little
// endian, and the first stateSum bytes of the SHA-256 of all that comes
// before.

// StateHeader opens every marshalled State, before the byte of its
// format's version: bytes that start otherwise are no State.
const StateHeader = "nqueens state\n"

// StateFormat is the version of the format that MarshalBinary writes,
// the byte after StateHeader. Version 3 adds a field after the counts,
// the kind: 0 for a count, 1 for a recount by backtracking and 2 for one
// by the join (kind.go); version 4 the kernels that counted (Counts.Kernels), after
// the fields, as a uvarint of its length and its bytes. UnmarshalBinary
// reads versions 2 and 3 too, whose kernels are "unknown" once a
// subproblem is done.
const StateFormat = 4

// The versions of the format before this one: before recounts, and
// before kernels.
const (
	stateV2 = 2
	stateV3 = 3
)

// maxStateKernels bounds the bytes of a State's kernels, far above any
// list a count makes.
const maxStateKernels = 4 << 10

// The fields of a marshalled State, in their order, each a uvarint:
// fieldKind from version 3 on.
const (
	fieldPlan = iota
	fieldN
	fieldShard
	fieldShards
	fieldSubproblems
	fieldTotal
	fieldUnique
	fieldInvariant90
	fieldInvariant180
	fieldKind
	stateFields
)

// stateHead is what opens a State that MarshalBinary writes: the header,
// then the version.
const stateHead = StateHeader + string(rune(StateFormat))

// stateSum is how many bytes of SHA-256 close a marshalled State.
const stateSum = 16

// maxStateSubproblems bounds the subproblems a State may claim, far above any
// split: the bits of a larger claim could not be in memory anyway.
const maxStateSubproblems = 1 << 40

// MarshalBinary encodes s: a header, the fields, the bits of the
// subproblems done and a checksum of all of them.
func (s State) MarshalBinary() ([]byte, error) {
	t := &s.state
	var v [stateFields]uint64
	v[fieldPlan], v[fieldN], v[fieldShard], v[fieldShards] = uint64(s.plan), uint64(t.N), uint64(t.Shard), uint64(t.Shards)
	k, _ := kindOf(func(k kind) engine.Recount { return k.engine }, t.Recount)
	v[fieldSubproblems], v[fieldKind] = uint64(t.Subproblems), k.format
	v[fieldTotal], v[fieldUnique], v[fieldInvariant90], v[fieldInvariant180] = t.Counts.Total, t.Counts.Unique, t.Counts.Invariant90, t.Counts.Invariant180
	b := []byte(stateHead)
	for _, x := range v {
		b = binary.AppendUvarint(b, x)
	}
	b = binary.AppendUvarint(b, uint64(len(s.kernels)))
	b = append(b, s.kernels...)
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
		return stateError("empty")
	case !bytes.HasPrefix(data, []byte(StateHeader)):
		return stateError("not a state of nqueens")
	case len(data) < len(stateHead)+stateSum:
		return stateError("cut short at %d bytes", len(data))
	}
	version := data[len(StateHeader)]
	if version < stateV2 || version > StateFormat {
		return stateError("format %d, want %d to %d", version, stateV2, StateFormat)
	}
	body, sum := data[:len(data)-stateSum], data[len(data)-stateSum:]
	if want := sha256.Sum256(body); !bytes.Equal(sum, want[:stateSum]) {
		return stateError("checksum mismatch: cut short or damaged")
	}
	rest := body[len(stateHead):]
	var v [stateFields]uint64
	fields := v[:]
	if version == stateV2 {
		fields = v[:fieldKind] // the kind is 0, a count
	}
	for i := range fields {
		x, n := binary.Uvarint(rest)
		if n <= 0 {
			return stateError("field %d unreadable", i)
		}
		v[i], rest = x, rest[n:]
	}
	kernels := ""
	if version > stateV3 {
		size, n := binary.Uvarint(rest)
		if n <= 0 || size > maxStateKernels || size > uint64(len(rest)-n) {
			return stateError("kernels unreadable")
		}
		kernels, rest = string(rest[n:n+int(size)]), rest[n+int(size):]
		if _, _, err := engine.ParseKernels(kernels); err != nil {
			return stateError("kernels: %v", err)
		}
	}
	k, ok := kindOf(func(k kind) uint64 { return k.format }, v[fieldKind])
	if !ok {
		return stateError("kind %d, want %d (a count), %d (a recount by backtracking) or %d (by the join)", v[fieldKind], kindCount, kindBacktracking, kindJoin)
	}
	if v[fieldShard] > MaxShards || v[fieldShards] > MaxShards {
		return stateError("shard %d of %d out of range", v[fieldShard], v[fieldShards])
	}
	if err := checkShard(int(v[fieldShard]), int(v[fieldShards])); err != nil {
		return stateError("%v", err)
	}
	switch sub := v[fieldSubproblems]; {
	case v[fieldN] > nqueens.MaxN:
		return stateError("%w", engine.SizeError{N: int(v[fieldN]), Max: nqueens.MaxN})
	case sub > maxStateSubproblems || uint64(len(rest)) != (sub+63)/64*8:
		return stateError("%d bytes of done subproblems for %d subproblems", len(rest), sub)
	}
	t := engine.State{N: int(v[fieldN]), Shard: int(v[fieldShard]), Shards: int(v[fieldShards]), Subproblems: int(v[fieldSubproblems]),
		Counts: engine.Counts{Total: v[fieldTotal], Unique: v[fieldUnique], Invariant90: v[fieldInvariant90], Invariant180: v[fieldInvariant180]},
		Done:   make(engine.Bitset, len(rest)/8), Recount: k.engine}
	for i := range t.Done {
		t.Done[i] = binary.LittleEndian.Uint64(rest[8*i:])
	}
	if extra := t.Subproblems % 64; extra != 0 && t.Done[len(t.Done)-1]>>extra != 0 {
		return stateError("a subproblem beyond the last is marked done")
	}
	if err := t.Check(); err != nil {
		return stateError("%v", err)
	}
	if version <= stateV3 && t.DoneCount() > 0 {
		kernels = engine.UnknownKernels
	}
	*s = State{plan: int(v[fieldPlan]), state: t, kernels: kernels}
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
		return stateError("not base64: %v", err)
	}
	return s.UnmarshalBinary(b)
}
