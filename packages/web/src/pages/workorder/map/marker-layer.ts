import L from 'leaflet';

/** One marker: where (in the tiles' datum), how big, its fill and an optional white ring. */
export interface MarkerStyle {
  fill: string;
  radius: number;
  /** Ring width in px; 0 = fill only. */
  ring: number;
  ringColor: string;
  opacity: number;
}

/** Markers to draw, in drawing order (later ones on top): positions as typed arrays, one style per marker. */
export interface MarkerSet {
  lat: Float64Array;
  lng: Float64Array;
  style: (i: number) => MarkerStyle;
}

/**
 * All the map's markers on one canvas of ours: per redraw one path and one fill per style instead
 * of 10,000 Leaflet CircleMarker layers (adding those took ~250 ms of the map's first draw).
 * Hit-testing (click, hover) scans the projected points; the topmost marker under the pointer wins.
 * Redrawn when the view has moved or zoomed; hidden during the zoom animation.
 */
export class MarkerLayer extends L.Layer {
  private canvas = document.createElement('canvas');
  private set: MarkerSet = {
    lat: new Float64Array(),
    lng: new Float64Array(),
    style: () => ({ fill: '', radius: 0, ring: 0, ringColor: '', opacity: 1 }),
  };
  /** Layer-pixel positions of the last draw (stable while panning). */
  private x = new Float32Array();
  private y = new Float32Array();
  private r = new Float32Array();

  constructor(private readonly tolerance = 3) {
    super();
    this.canvas.className = 'leaflet-zoom-hide wo-marker-canvas';
  }

  setMarkers(set: MarkerSet): void {
    this.set = set;
    this.redraw();
  }

  /** The index of the topmost marker at a layer point, or -1. */
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
    const { lat, lng, style } = this.set;
    const n = lat.length;
    if (this.x.length !== n) {
      this.x = new Float32Array(n);
      this.y = new Float32Array(n);
      this.r = new Float32Array(n);
    }
    for (let i = 0; i < n; i++) {
      const p = map.latLngToLayerPoint([lat[i], lng[i]]);
      this.x[i] = p.x;
      this.y[i] = p.y;
      this.r[i] = style(i).radius;
    }
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, size.x, size.y);
    // Consecutive markers of one style share a path: orders come in two colours, engineers in one.
    let path: MarkerStyle | null = null;
    const flush = () => {
      if (!path) return;
      ctx.globalAlpha = path.opacity;
      ctx.fillStyle = path.fill;
      ctx.fill();
      if (path.ring) {
        ctx.globalAlpha = 1;
        ctx.lineWidth = path.ring;
        ctx.strokeStyle = path.ringColor;
        ctx.stroke();
      }
    };
    for (let i = 0; i < n; i++) {
      const s = style(i);
      if (
        !path ||
        s.fill !== path.fill ||
        s.radius !== path.radius ||
        s.ring !== path.ring ||
        s.ringColor !== path.ringColor ||
        s.opacity !== path.opacity
      ) {
        flush();
        path = s;
        ctx.beginPath();
      }
      const cx = this.x[i] - topLeft.x;
      const cy = this.y[i] - topLeft.y;
      // Off-screen markers are hit-testable but not drawn.
      if (cx < -20 || cy < -20 || cx > size.x + 20 || cy > size.y + 20) continue;
      ctx.moveTo(cx + s.radius, cy);
      ctx.arc(cx, cy, s.radius, 0, Math.PI * 2);
    }
    flush();
  }
}
