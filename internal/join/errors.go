package join

import "errors"

// ErrMemory reports a count that would take more memory than its limit:
// the engine's model of a count, over the join's, refuses it before it
// starts, and a joiner whose lists outgrow what the limit has room for
// stops with it.
var ErrMemory = errors.New("over the memory limit")
