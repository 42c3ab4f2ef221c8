import L from 'leaflet';

/** How a group of markers is drawn: radius, fill and an optional ring. */
export interface MarkerStyle {
  fill: string;
  radius: number;
  /** Ring width in px; 0 = fill only. */
  ring: number;
  ringColor: string;
  opacity: number;
}

/** Markers of one style, positions (in the tiles' datum) as typed arrays. */
export interface MarkerGroup {
  style: MarkerStyle;
  lat: Float64Array;
  lng: Float64Array;
}

// R and MAX_LATITUDE are in Leaflet's spherical Mercator, not in its typings.
const SM = L.Projection.SphericalMercator as L.Projection & { R: number; MAX_LATITUDE: number };
/** EPSG:3857's transformation (Leaflet's own constants: 0.5 / (π R), 0.5). */
const K = 0.5 / (Math.PI * SM.R);
const RAD = Math.PI / 180;

/**
 * All the map's markers on one canvas of ours: per redraw one path and one fill per group (style)
 * instead of 10,000 Leaflet CircleMarker layers (adding those took ~250 ms of the map's first draw).
 * Groups are drawn in the order given, later ones on top; markers numbered in that order, for
 * hit-testing (click, hover), which scans the projected points: the topmost marker under the pointer
 * wins. Redrawn when the view has moved or zoomed; hidden during the zoom animation.
 */
export class MarkerLayer extends L.Layer {
  private canvas = document.createElement('canvas');
  private groups: readonly MarkerGroup[] = [];
  /** Layer-pixel positions and radii of the last draw, all groups in drawing order (stable while panning). */
  private x = new Float64Array();
  private y = new Float64Array();
  private r = new Float32Array();

  constructor(private readonly tolerance = 3) {
    super();
    this.canvas.className = 'leaflet-zoom-hide wo-marker-canvas';
  }

  setMarkers(groups: readonly MarkerGroup[]): void {
    this.groups = groups;
    this.redraw();
  }

  /** The index (drawing order over all groups) of the topmost marker at a layer point, or -1. */
  hit(p: L.Point): number {
    for (let i = this.x.length - 1; i >= 0; i--) {
      const dx = this.x[i] - p.x;
      const dy = this.y[i] - p.y;
      const r = this.r[i] + this.tolerance;
      if (dx * dx + dy * dy <= r * r) return i;
    }
    return -1;
  }

  override onAdd(map: L.Map): this {
    map.getPanes().overlayPane.appendChild(this.canvas);
    map.on('moveend zoomend viewreset resize', this.redraw, this);
    this.redraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend viewreset resize', this.redraw, this);
    this.canvas.remove();
    return this;
  }

  /**
   * Layer points of every marker, as `map.latLngToLayerPoint` gives them (projected, rounded to whole
   * pixels, less the pixel origin) but without its three objects per marker: Leaflet's own
   * spherical-Mercator formula on the typed arrays. Other CRSs go through Leaflet.
   */
  private project(map: L.Map): void {
    const n = this.groups.reduce((s, g) => s + g.lat.length, 0);
    if (this.x.length !== n) {
      this.x = new Float64Array(n);
      this.y = new Float64Array(n);
      this.r = new Float32Array(n);
    }
    const fast = map.options.crs === L.CRS.EPSG3857;
    const scale = L.CRS.EPSG3857.scale(map.getZoom());
    const origin = map.getPixelOrigin();
    const max = SM.MAX_LATITUDE;
    let k = 0;
    for (const { lat, lng, style } of this.groups) {
      for (let i = 0; i < lat.length; i++, k++) {
        if (fast) {
          const sin = Math.sin(Math.max(Math.min(max, lat[i]), -max) * RAD);
          this.x[k] = Math.round(scale * (K * (SM.R * lng[i] * RAD) + 0.5)) - origin.x;
          this.y[k] = Math.round(scale * (-K * ((SM.R * Math.log((1 + sin) / (1 - sin))) / 2) + 0.5)) - origin.y;
        } else {
          const p = map.latLngToLayerPoint([lat[i], lng[i]]);
          this.x[k] = p.x;
          this.y[k] = p.y;
        }
        this.r[k] = style.radius;
      }
    }
  }

  redraw(): void {
    const map = this._map as L.Map | undefined;
    if (!map) return;
    const size = map.getSize();
    const topLeft = map.containerPointToLayerPoint([0, 0]);
    const dpr = window.devicePixelRatio || 1;
    const c = this.canvas;
    L.DomUtil.setPosition(c, topLeft);
    c.style.width = `${size.x}px`;
    c.style.height = `${size.y}px`;
    if (c.width !== Math.round(size.x * dpr) || c.height !== Math.round(size.y * dpr)) {
      c.width = Math.round(size.x * dpr);
      c.height = Math.round(size.y * dpr);
    }
    this.project(map);
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, size.x, size.y);
    // Whole-pixel positions, so markers of a group on the same pixel are the same circle: one path
    // fills (and rings) overlapping circles once, so drawing it again would change no pixel.
    const seen = new Set<number>();
    const w = size.x + 64;
    let k = 0;
    for (const { lat, style } of this.groups) {
      const end = k + lat.length;
      seen.clear();
      ctx.beginPath();
      for (; k < end; k++) {
        const cx = this.x[k] - topLeft.x;
        const cy = this.y[k] - topLeft.y;
        // Off-screen markers are hit-testable but not drawn.
        if (cx < -20 || cy < -20 || cx > size.x + 20 || cy > size.y + 20) continue;
        const key = (cy + 32) * w + cx + 32;
        if (seen.has(key)) continue;
        seen.add(key);
        ctx.moveTo(cx + style.radius, cy);
        ctx.arc(cx, cy, style.radius, 0, Math.PI * 2);
      }
      ctx.globalAlpha = style.opacity;
      ctx.fillStyle = style.fill;
      ctx.fill();
      if (style.ring) {
        ctx.globalAlpha = 1;
        ctx.lineWidth = style.ring;
        ctx.strokeStyle = style.ringColor;
        ctx.stroke();
      }
    }
  }
}
