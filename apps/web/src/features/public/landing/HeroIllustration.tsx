// The hero's picture, drawn inline (no image request): a globe with dotted continents, travel pins and
// flight arcs, a pin's popover, and the sample stats card of SPEC.md §2 (47 countries, 156 cities,
// 2.1M miles). Only the stats card is read out; the drawing is decorative.

/** A map pin whose tip sits at (x, y). */
function Pin({ x, y, delay = 0 }: { x: number; y: number; delay?: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <ellipse cx="0" cy="1" rx="6" ry="2.2" fill="#05262a" opacity="0.35" />
      {/* The pulse is a CSS transform/opacity animation the compositor runs without redrawing the SVG
          (SVG <animate> repainted the whole picture every frame); reduced motion hides it. */}
      <circle
        cx="0"
        cy="-17"
        r="15"
        fill="#ffffff"
        className="pulse-ring motion-reduce:hidden"
        style={{ animationDelay: `${delay}s` }}
      />
      <path
        d="M0 0C-2.2-4.2-10-10.4-10-17.4a10 10 0 0 1 20 0C10-10.4 2.2-4.2 0 0Z"
        fill="#f46a43"
        stroke="#fff"
        strokeWidth="2"
      />
      <circle cx="0" cy="-17.4" r="3.6" fill="#fff" />
    </g>
  );
}

function Globe() {
  return (
    <svg
      viewBox="0 0 480 420"
      aria-hidden="true"
      focusable="false"
      className="absolute inset-0 size-full overflow-visible"
    >
      <defs>
        <radialGradient id="hero-ocean" cx="38%" cy="32%" r="75%">
          <stop offset="0" stopColor="#1f9692" />
          <stop offset="0.5" stopColor="#135f61" />
          <stop offset="1" stopColor="#05262a" />
        </radialGradient>
        <radialGradient id="hero-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0.55" stopColor="#74d1cb" stopOpacity="0.45" />
          <stop offset="1" stopColor="#74d1cb" stopOpacity="0" />
        </radialGradient>
        <radialGradient id="hero-shine" cx="32%" cy="24%" r="45%">
          <stop offset="0" stopColor="#fff" stopOpacity="0.28" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        <pattern id="hero-dots" width="7" height="7" patternUnits="userSpaceOnUse">
          <circle cx="3.5" cy="3.5" r="1.9" fill="#d5f3f0" />
        </pattern>
        <clipPath id="hero-globe">
          <circle cx="240" cy="210" r="150" />
        </clipPath>
      </defs>

      <circle cx="240" cy="210" r="205" fill="url(#hero-glow)" />
      <ellipse
        cx="240"
        cy="210"
        rx="218"
        ry="62"
        transform="rotate(-16 240 210)"
        fill="none"
        stroke="#3db3ae"
        strokeWidth="1.5"
        strokeDasharray="2 7"
        strokeLinecap="round"
      />

      <circle cx="240" cy="210" r="150" fill="url(#hero-ocean)" />
      <g clipPath="url(#hero-globe)">
        <g fill="none" stroke="#fff" strokeOpacity="0.13" strokeWidth="1">
          <ellipse cx="240" cy="210" rx="75" ry="150" />
          <ellipse cx="240" cy="210" rx="130" ry="150" />
          <line x1="240" y1="60" x2="240" y2="360" />
          <ellipse cx="240" cy="210" rx="150" ry="26" />
          <ellipse cx="240" cy="135" rx="130" ry="20" />
          <ellipse cx="240" cy="285" rx="130" ry="20" />
          <ellipse cx="240" cy="80" rx="75" ry="10" />
          <ellipse cx="240" cy="340" rx="75" ry="10" />
        </g>
        <g fill="url(#hero-dots)" opacity="0.8">
          {/* North America, Greenland, South America, Europe, Africa: an Atlantic-facing globe. */}
          <path d="M98 118c22-30 74-44 118-36 18 4 28 16 22 30-6 12-22 14-30 26-8 13-4 30-18 40-12 9-26 2-34-10-10-14-28-18-42-24-14-8-24-12-16-26Z" />
          <path d="M232 70c14-10 38-8 42 6 3 12-10 22-24 22-16 0-28-16-18-28Z" />
          <path d="M186 232c18-8 44 0 54 18 8 16 0 34-10 52-8 16-12 34-22 44-8 7-16 0-17-12-2-24-10-42-14-62-3-16-2-34 9-40Z" />
          <path d="M282 106c14-12 44-14 60-4 12 8 8 22-4 28-12 7-20 12-30 18-10 5-24 2-28-8-4-12-6-26 2-34Z" />
          <path d="M286 164c18-10 52-8 70 8 14 13 12 32 2 50-10 20-22 40-28 62-4 14-16 20-24 10-10-14-10-34-16-50-6-16-20-26-18-46 1-16 4-28 14-34Z" />
        </g>
        <circle cx="240" cy="210" r="150" fill="url(#hero-shine)" />
        <circle
          cx="240"
          cy="210"
          r="150"
          fill="none"
          stroke="#05262a"
          strokeOpacity="0.35"
          strokeWidth="10"
        />
      </g>

      <g fill="none" stroke="#fff" strokeWidth="2" strokeDasharray="5 6" strokeLinecap="round">
        <path d="M178 146Q226 62 300 130" />
        <path d="M300 130Q382 196 326 288" />
        <path d="M178 146Q122 220 212 268" />
      </g>
      <Pin x={178} y={146} />
      <Pin x={300} y={130} delay={0.8} />
      <Pin x={212} y={268} delay={1.6} />
      <Pin x={326} y={288} delay={2.4} />
    </svg>
  );
}

const STATS = [
  { value: '47', label: 'Countries' },
  { value: '156', label: 'Cities' },
  { value: '2.1M', label: 'Miles' },
] as const;

export function HeroIllustration() {
  return (
    <div className="relative mx-auto w-full max-w-[34rem]">
      <div className="relative aspect-[8/7]">
        <Globe />

        <div
          aria-hidden="true"
          className="absolute right-0 top-[6%] flex items-center gap-3 rounded-2xl border border-slate-200/80 bg-white py-2.5 pl-3 pr-4 shadow-card sm:right-[2%]"
        >
          <span className="flex size-9 items-center justify-center rounded-xl bg-orange-50">
            <span className="size-3 rounded-full bg-accent-500 ring-4 ring-accent-400/25" />
          </span>
          <span className="flex flex-col leading-tight">
            <span className="text-sm font-semibold text-slate-900">Lisbon, Portugal</span>
            <span className="text-xs text-slate-600">Apr 2024 · 24 photos</span>
          </span>
        </div>
      </div>

      <section
        aria-label="Sample travel stats"
        className="relative mx-auto -mt-12 w-full max-w-[21rem] rounded-2xl sm:absolute sm:bottom-0 sm:left-0 sm:mt-0 sm:w-[min(21rem,88%)] border border-slate-200/80 bg-white p-4 shadow-card sm:p-5"
      >
        <p className="text-xs font-semibold uppercase tracking-[0.12em] text-slate-500">Your travel stats</p>
        <dl className="mt-3 grid grid-cols-3 gap-2">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="text-xs font-medium text-slate-600 sm:text-sm">{stat.label}</dt>
              <dd className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <div aria-hidden="true" className="mt-4">
          <div className="relative h-1.5 rounded-full bg-slate-100">
            <div className="absolute inset-y-0 left-0 w-[72%] rounded-full bg-gradient-to-r from-brand-400 to-brand-700" />
            <div className="absolute left-[72%] top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-700 shadow" />
          </div>
          <div className="mt-2 flex justify-between text-[0.6875rem] font-medium text-slate-500">
            <span>2019</span>
            <span>2025</span>
          </div>
        </div>
      </section>
    </div>
  );
}
