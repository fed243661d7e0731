// The avatar as a flat front view in SVG: the fallback where WebGL is missing and a cheap thumbnail. It
// draws from the same proportions and cuts as the 3D model and imports no three.js.
import { BUILDS } from './figure';
import { Bottom, Shoes, Top, TopBehind } from './flat/clothes';
import { Accessory, AccessoryBehind, Flag, Headwear } from './flat/gear';
import { Body, Face, Hair, HairBehind, Head } from './flat/person';
import { VIEW_BOX } from './flat/svg';
import { type AvatarLook, wornLook } from './look';

interface AvatarPreview2DProps {
  look: AvatarLook;
  /** Width in pixels (the height is 1.25 times it), or 'fill' to fill the parent. */
  size: number | 'fill';
  label: string;
}

export function AvatarPreview2D({ look, size, label }: AvatarPreview2DProps) {
  const worn = wornLook(look);
  const build = BUILDS[worn.body.shape];
  const skin = worn.skin.color;
  const dimensions = size === 'fill' ? { className: 'h-full w-full' } : { width: size, height: size * 1.25 };
  return (
    <svg role="img" aria-label={label} viewBox={VIEW_BOX} {...dimensions}>
      {worn.top && <TopBehind part={worn.top} />}
      {worn.accessory && <AccessoryBehind build={build} part={worn.accessory} />}
      {worn.hair && <HairBehind part={worn.hair} />}
      <Body build={build} skin={skin} />
      {worn.bottom && <Bottom build={build} part={worn.bottom} />}
      {worn.shoes && <Shoes build={build} part={worn.shoes} />}
      {worn.top && <Top build={build} part={worn.top} />}
      <Head skin={skin} />
      <Face part={worn.face} />
      {worn.hair && <Hair part={worn.hair} />}
      {worn.headwear && <Headwear part={worn.headwear} />}
      {worn.accessory && <Accessory build={build} part={worn.accessory} />}
      {worn.flag && <Flag build={build} country={worn.flag.color} />}
    </svg>
  );
}
