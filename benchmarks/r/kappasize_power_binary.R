# Donner & Eliasziw's goodness-of-fit sample sizes for binary kappa from kappaSize, the rule's R
# implementation (Rotondi), on the grid KappaGoodnessOfFitTests checks (issue #14).
#
# kappaSize is not on the package registries this project reaches, so the script sources the
# package's own R file, given as its argument: R/powerBinary.R of kappaSize 1.2 (the cran/kappaSize
# repository at "version 1.2"). R itself is Debian's r-base-core.
#
#   Rscript benchmarks/r/kappasize_power_binary.R path/to/kappaSize/R/powerBinary.R
#   (R 4.2.2, kappaSize 1.2)
args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 1) stop("usage: Rscript kappasize_power_binary.R path/to/kappaSize/R/powerBinary.R")
source(args[1])
grid <- list(
  c(0.0, 0.4, 0.1), c(0.0, 0.7, 0.5), c(0.4, 0.5, 0.1), c(0.4, 0.6, 0.3), c(0.4, 0.6, 0.5), c(0.4, 0.7, 0.2),
  c(0.4, 0.7, 0.5), c(0.4, 0.8, 0.1), c(0.5, 0.7, 0.3), c(0.5, 0.9, 0.5), c(0.6, 0.7, 0.1), c(0.6, 0.8, 0.3),
  c(0.6, 0.9, 0.5), c(0.7, 0.8, 0.5), c(0.7, 0.9, 0.1), c(0.7, 0.9, 0.3)
)
cat("kappa0 kappa1 props: N(80%) N(90%), ceilings\n")
for (g in grid) {
  # PowerBinary refuses kappa0 = 0 (it asks for kappa in (0, 1)); those rows are left to scipy.
  if (g[1] <= 0) next
  n <- sapply(c(0.8, 0.9), function(p) PowerBinary(kappa0 = g[1], kappa1 = g[2], props = g[3], raters = 2, alpha = 0.05, power = p)$N)
  cat(sprintf("%.1f %.1f %.1f: %.4f %.4f -> %d %d\n", g[1], g[2], g[3], n[1], n[2], ceiling(n[1]), ceiling(n[2])))
}
