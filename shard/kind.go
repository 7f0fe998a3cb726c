package shard

import "github.com/gonqueens/nqueens/internal/engine"

// The kinds of count that a State holds, as the state format writes them
// (StateFormat) from version 3 on: the format's own numbers, which no
// order elsewhere changes.
const (
	kindCount        = 0
	kindBacktracking = 1
	kindJoin         = 2
)

// A kind is a kind of count, the one map between the engine's, a
// RecountMethod and the byte of a State's format that name it.
type kind struct {
	engine engine.Recount
	// recount, and its method, ByCost for a count.
	recount bool
	method  RecountMethod
	format  uint64
}

// kinds lists every kind of count.
var kinds = []kind{
	{engine: engine.NoRecount, format: kindCount},
	{engine: engine.PlainRecount, recount: true, method: ByBacktracking, format: kindBacktracking},
	{engine: engine.JoinRecount, recount: true, method: ByJoin, format: kindJoin},
}

// kindOf returns the kind whose field of kinds equals v, as key reads
// it, and reports whether there is one.
func kindOf[T comparable](key func(kind) T, v T) (kind, bool) {
	for _, k := range kinds {
		if key(k) == v {
			return k, true
		}
	}
	return kind{}, false
}
