package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/gonqueens/nqueens/shard"
)

// module is the path of the nqueens module.
const module = "github.com/gonqueens/nqueens"

// version returns the version of the nqueens module in this build: a
// release's tag, or for a build from a clone "(devel)", with the commit
// when the build recorded it.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	if info.Main.Path != module {
		for _, dep := range info.Deps {
			if dep.Path == module {
				return dep.Version
			}
		}
		return "unknown"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}

// versionLine is what nqueens version prints, as go version prints its
// own: the version, the split plan that shards must share to be merged,
// the Go that built the command, with its system, and the kernels it
// runs on this processor, for bug reports and timings.
func versionLine() string {
	kernels := shard.Kernels()
	if failed := shard.FailedKernels(); len(failed) > 0 {
		kernels += " (failed their self-check: " + strings.Join(failed, " ") + ")"
	}
	return fmt.Sprintf("nqueens %s plan %d %s %s/%s kernels %s", version(), shard.PlanVersion, runtime.Version(), runtime.GOOS, runtime.GOARCH, kernels)
}
