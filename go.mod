module github.com/gonqueens/nqueens

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
)

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da // indirect
)

tool golang.org/x/perf/cmd/benchstat
