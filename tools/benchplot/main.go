// Command benchplot draws the timing table of the benchmark suite: time
// against board size on a log scale, one line per strategy, with the
// figures that the article "Bitwise Optimization of N-Queens" (2024,
// JavaScript) published as hollow marks beside them.
//
//	go run ./benchplot -in ../docs/bench.txt -out ../docs/bench.png
package main

import (
	"flag"
	"fmt"
	"image/color"
	"log"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// article holds the article's table in seconds, by strategy and n; its
// "< 1 ms" cells are left out.
var article = map[string]map[int]float64{
	"naive":   {8: 0.0193, 10: 0.263, 12: 7.9, 14: 316},
	"cached":  {8: 0.0023, 10: 0.0249, 12: 0.675, 14: 23.3, 16: 1044},
	"bitwise": {10: 0.0018, 12: 0.0179, 14: 0.514, 16: 21.8, 18: 1187},
	"flipped": {10: 0.0013, 12: 0.0160, 14: 0.453, 16: 19.7, 18: 990},
}

var order = []string{"naive", "cached", "bitwise", "flipped", "engine"}

func main() {
	in := flag.String("in", "bench.txt", "raw output of go test -bench '^BenchmarkCount$'")
	out := flag.String("out", "bench.png", "the picture to write")
	flag.Parse()
	measured, err := medians(*in)
	if err != nil {
		log.Fatal(err)
	}
	if err := draw1(measured, *out); err != nil {
		log.Fatal(err)
	}
}

// medians returns the median sec/op of each strategy and n in file.
func medians(file string) (map[string]map[int]float64, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	samples := map[string]map[int][]float64{}
	r := benchfmt.NewReader(f, file)
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		base, parts := res.Name.Parts()
		if string(base) != "Count" { // the name without its "Benchmark" prefix
			continue
		}
		var strategy string
		n := -1
		for _, p := range parts {
			key, val, _ := strings.Cut(strings.TrimPrefix(string(p), "/"), "=")
			switch key {
			case "strategy":
				strategy = val
			case "n":
				n, _ = strconv.Atoi(val)
			}
		}
		sec, ok := res.Value("sec/op")
		if strategy == "" || n < 0 || !ok {
			continue
		}
		if samples[strategy] == nil {
			samples[strategy] = map[int][]float64{}
		}
		samples[strategy][n] = append(samples[strategy][n], sec)
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if len(samples) == 0 {
		return nil, fmt.Errorf("%s: no BenchmarkCount results", file)
	}
	med := map[string]map[int]float64{}
	for s, byN := range samples {
		med[s] = map[int]float64{}
		for n, xs := range byN {
			slices.Sort(xs)
			med[s][n] = xs[len(xs)/2]
		}
	}
	return med, nil
}

func points(byN map[int]float64) plotter.XYs {
	var xys plotter.XYs
	for n, sec := range byN {
		xys = append(xys, plotter.XY{X: float64(n), Y: sec})
	}
	slices.SortFunc(xys, func(a, b plotter.XY) int { return int(a.X - b.X) })
	return xys
}

func draw1(measured map[string]map[int]float64, out string) error {
	p := plot.New()
	p.Title.Text = "Counting all solutions of the n×n board, one core"
	p.X.Label.Text = "n"
	p.Y.Label.Text = "seconds (log scale)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.X.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 8, Label: "8"}, {Value: 10, Label: "10"}, {Value: 12, Label: "12"}, {Value: 14, Label: "14"}, {Value: 16, Label: "16"}, {Value: 18, Label: "18"}})
	p.Legend.XOffs = -vg.Points(8) // bottom right, below the slow cells
	p.Legend.YOffs = vg.Points(8)
	p.Add(plotter.NewGrid())
	for i, s := range order {
		c := plotColor(i)
		if byN, ok := measured[s]; ok {
			line, marks, err := plotter.NewLinePoints(points(byN))
			if err != nil {
				return err
			}
			line.Color, marks.Color = c, c
			marks.Shape, line.Dashes, line.Width = style(i)
			marks.Radius = vg.Points(3.5)
			p.Add(line, marks)
			p.Legend.Add(s+" (measured)", line, marks)
		}
		if byN, ok := article[s]; ok {
			sc, err := plotter.NewScatter(points(byN))
			if err != nil {
				return err
			}
			sc.Color = c
			sc.Shape = draw.RingGlyph{}
			sc.Radius = vg.Points(4)
			p.Add(sc)
			p.Legend.Add(s+" (article, JavaScript)", sc)
		}
	}
	return p.Save(8*vg.Inch, 5*vg.Inch, out)
}

func plotColor(i int) color.Color {
	palette := []color.RGBA{{0xd6, 0x27, 0x28, 255}, {0xff, 0x7f, 0x0e, 255}, {0x1f, 0x77, 0xb4, 255}, {0x2c, 0xa0, 0x2c, 255}, {0x94, 0x67, 0xbd, 255}}
	return palette[i%len(palette)]
}

// style returns the marks, the dashes and the width of the line of the
// i-th strategy, each strategy's its own: bitwise and flipped take about
// the same time, so bitwise's line is wide, and flipped's dashes and
// crosses show on it.
func style(i int) (draw.GlyphDrawer, []vg.Length, vg.Length) {
	shapes := []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}
	dashes := [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, nil, {vg.Points(4), vg.Points(3)}, nil}
	widths := []vg.Length{vg.Points(1), vg.Points(1), vg.Points(4), vg.Points(1.5), vg.Points(1)}
	return shapes[i%len(shapes)], dashes[i%len(dashes)], widths[i%len(widths)]
}
