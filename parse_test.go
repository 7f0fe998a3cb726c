package nqueens

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestParseRoundTrip(t *testing.T) {
	for n := 0; n <= 8; n++ {
		for s := range all(t, n) {
			forms := []string{fmt.Sprint([]int(s))}
			if n > 0 { // the 0×0 board draws as nothing, which is no board
				forms = append(forms, s.Draw(), s.String())
			}
			for _, text := range forms {
				got, err := ParseSolution(text)
				if err != nil || !slices.Equal(got, s) {
					t.Fatalf("ParseSolution(%q) = %v, %v; want %v", text, got, err, s)
				}
			}
		}
	}
	p := []int{2, Free, Free, 1, Free}
	// A byte order mark, as some editors write first, is no part of it.
	for _, text := range []string{Solution(p).Draw(), Solution(p).String(), "2 . . 1 .", "[2 -1 -1 1 -1]", "2,-,-,1,-", "2\n.\n.\n1\n.\n", "2,\n-1,\n-1,\n1,\n-1",
		"\uFEFF" + Solution(p).Draw(), "\uFEFF2 . . 1 ."} {
		got, err := ParsePartial(text)
		if err != nil || !slices.Equal(got, p) {
			t.Errorf("ParsePartial(%q) = %v, %v; want %v", text, got, err, p)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, text := range []string{"Q.\n..\n.", "QQ\n..", "Q.x\n...\n...", "[1 2", "0 5 1", "a b", "0 -2"} {
		if _, err := ParsePartial(text); !errors.Is(err, ErrParse) {
			t.Errorf("ParsePartial(%q) error = %v, want ErrParse", text, err)
		}
	}
	for _, tt := range []struct{ text, want string }{
		{"", "blank"},
		{"  \n\t ", "blank"},
		{"....", "a diagram of one row"},
		{"Ｑ..\n....\n....\n....", "row 0 has 3 squares, want 4"},
		{"Ｑ...\n....\n....\n....", "'Ｑ' is neither 'Q' nor '.'"},
		{"1\n3\nx\n2", "row 0 has 1 squares, want 4"},
		// A free row is '.', never an empty field.
		{"1,,2,3", "row 1: nothing between two commas"},
		{"0,,,,", "row 1: nothing between two commas"},
		{",1,3,0,2", "row 0: nothing between two commas, or beside one at an end"},
		{"1,3,0,2,", "row 4: nothing between two commas, or beside one at an end"},
		{"[1, , 0, 2]", "row 1: nothing between two commas"},
	} {
		if _, err := ParsePartial(tt.text); !errors.Is(err, ErrParse) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParsePartial(%q) error = %v, want ErrParse saying %q", tt.text, err, tt.want)
		}
	}
	if _, err := ParseSolution("   "); !errors.Is(err, ErrParse) {
		t.Errorf("ParseSolution of blank text: error = %v, want ErrParse", err)
	}
	if p, err := ParsePartial("[]"); err != nil || len(p) != 0 {
		t.Errorf("ParsePartial(\"[]\") = %v, %v; want the 0×0 board", p, err)
	}
	// A bad token of a megabyte is quoted in part.
	long := "0 " + strings.Repeat("x", 1<<20)
	if _, err := ParsePartial(long); !errors.Is(err, ErrParse) || len(err.Error()) > 200 {
		t.Errorf("ParsePartial of a 1 MB token: error of %d bytes, want ErrParse in under 200", len(err.Error()))
	}
	if _, err := ParseSolution("0 1"); !errors.Is(err, ErrNotSolution) {
		t.Errorf("ParseSolution of attacking queens: error = %v, want ErrNotSolution", err)
	}
	if _, err := ParseSolution("1 . 0 2"); !errors.Is(err, ErrNotSolution) {
		t.Errorf("ParseSolution of a partial board: error = %v, want ErrNotSolution", err)
	}
}

func FuzzParsePartial(f *testing.F) {
	for _, seed := range []string{".Q..\n...Q\nQ...\n..Q.\n", "1 3 0 2", "[2 -1 -1 1]", "2,.,-,1", "Q", "", "QQ\n..", "[", "0 -2"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePartial(text)
		if err != nil {
			if !errors.Is(err, ErrParse) {
				t.Fatalf("ParsePartial(%q) error %v does not wrap ErrParse", text, err)
			}
			return
		}
		forms := []string{fmt.Sprint(p)}
		if len(p) > 0 { // the 0×0 board draws as nothing, which is no board
			forms = append(forms, Solution(p).Draw())
		}
		for _, again := range forms {
			q, err := ParsePartial(again)
			if err != nil || !slices.Equal(p, q) {
				t.Fatalf("ParsePartial(%q) = %v, printed %q, parsed again %v, %v", text, p, again, q, err)
			}
		}
	})
}
