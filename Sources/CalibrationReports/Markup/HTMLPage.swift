/// The shell every page shares: a self-contained HTML5 document with inline
/// CSS (no network, no outside file), readable in black and white and printable.
///
/// Its Content-Security-Policy forbids every outside resource, and a page
/// without a script of its own forbids scripts altogether, so even text that
/// escaped escaping could not run there.
struct HTMLPage {
    /// The page title, escaped here.
    var title: String
    /// The body's markup, already escaped by whoever built it.
    var body: String
    /// Extra CSS for this kind of page.
    var style: String = ""
    /// Inline script placed at the end of the body (empty for none).
    var script: String = ""

    /// The whole document.
    var html: String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src \(script.isEmpty ? "'none'" : "'unsafe-inline'"); img-src data:">
        <title>\(HTMLEscaping.text(title))</title>
        <style>\(Self.baseStyle)\(style)</style>
        </head>
        <body>
        \(body)
        \(script.isEmpty ? "" : "<script>\(script)</script>")
        </body>
        </html>

        """
    }

    static let baseStyle = """
        body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:1.5rem auto;max-width:62rem;padding:0 1rem;color:#111;line-height:1.4}
        h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #999}h3{font-size:1rem}
        table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #bbb;padding:.2rem .5rem;text-align:left;vertical-align:top}
        th{background:#eee}td.num{text-align:right;font-variant-numeric:tabular-nums}
        svg text{font-family:inherit;font-size:12px}.charts{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
        .verdict{font-weight:bold}.muted{color:#555}.reused{font-weight:bold;color:#a00}pre.text{white-space:pre-wrap;font-family:inherit;margin:0}
        @media print{body{max-width:none;margin:0}h2{break-after:avoid}section,figure{break-inside:avoid}button,.noprint{display:none}}

        """
}
