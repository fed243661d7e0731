// The dashboard's Travel Timeline strip: dated pins on a zoomable, pannable time axis.
export { TimelineStrip, type TimelineStripProps } from './components/TimelineStrip';
