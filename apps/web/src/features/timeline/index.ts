// The dashboard's Travel Timeline strip: dated pins on a zoomable, pannable time axis, and the span of years
// it filters the map to.
export { TimelineStrip, type TimelineStripProps } from './components/TimelineStrip';
export { pinsInSpan, visitedCodesOf, type YearSpan } from './filter';
