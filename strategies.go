package nqueens

import (
	"fmt"
	"strings"
)

// The list of the strategies, in the order to read them, and their names.

// Strategies returns every strategy of the package, in the order to read
// them: Naive, Cached, Bitwise and Flipped, the articles' methods from
// the slowest to the fastest, then Engine, the package's own.
func Strategies() []Strategy {
	return []Strategy{Naive{}, Cached{}, Bitwise{}, Flipped{}, Engine{}}
}

// StrategyNamed returns the strategy of [Strategies] whose name is name,
// in any case: "Bitwise" is bitwise, as no two names differ in case
// alone. For any other name it returns an error wrapping [ErrStrategy]
// that lists the names there are.
func StrategyNamed(name string) (Strategy, error) {
	var names []string
	for _, s := range Strategies() {
		if strings.EqualFold(s.String(), name) {
			return s, nil
		}
		names = append(names, s.String())
	}
	return nil, fmt.Errorf("%w %q, want one of %s", ErrStrategy, name, strings.Join(names, ", "))
}
