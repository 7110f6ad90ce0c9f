// Imports the whole AACR-Bench positive file (196 pull requests, 1,505
// comments) into a fresh workspace with `reviewdesk-cli import`, and exports
// that workspace in every format with `reviewdesk-cli export`, against
// `python3 -m json.tool` reading (parsing and printing) the same file in the
// same run as the reference. Runs alternate; the medians of wall time are
// printed with the ratios ReviewDesk / reference (goal: <= 2 for import
// and for each export).
//
//   bench_exchange [--runs N] [--file PATH] [--cli PATH]

#include <DatasetExport.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QMap>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

namespace {

double runMs(const QString &program, const QStringList &arguments)
{
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    QElapsedTimer timer;
    timer.start();
    p.start(program, arguments);
    if (!p.waitForFinished(600000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        std::fprintf(stderr, "bench_exchange: %s %s failed: %s\n", qPrintable(program), qPrintable(arguments.join(QLatin1Char(' '))),
                     p.readAllStandardError().constData());
        std::exit(1);
    }
    return timer.nsecsElapsed() / 1e6;
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values[values.size() / 2];
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    int runs = 9;
    QString file = QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/aacr-bench/positive_samples.json");
    QString cli = QStringLiteral(REVIEWDESK_CLI_PATH);
    const QStringList args = app.arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--runs") && i + 1 < args.size())
            runs = std::max(1, args[++i].toInt());
        else if (args[i] == QLatin1String("--file") && i + 1 < args.size())
            file = args[++i];
        else if (args[i] == QLatin1String("--cli") && i + 1 < args.size())
            cli = args[++i];
        else {
            std::fprintf(stderr, "usage: bench_exchange [--runs N] [--file PATH] [--cli PATH]\n");
            return 2;
        }
    }
    QTemporaryDir dir;
    const QString workspace = dir.filePath(QStringLiteral("bench.rdw"));
    const QStringList importArgs = {QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"), file,
                                    QStringLiteral("--as"), QStringLiteral("labelled"), QStringLiteral("--samples"), QStringLiteral("positive")};
    QList<double> reference, imports;
    QMap<QString, QList<double>> exports;
    for (int run = 0; run < runs; ++run) {
        reference << runMs(QStringLiteral("python3"), {QStringLiteral("-m"), QStringLiteral("json.tool"), file});
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
            QFile::remove(workspace + suffix);
        imports << runMs(cli, importArgs);
        for (const rd::ExportFormat &f : rd::exportFormats())
            exports[f.name] << runMs(cli, {QStringLiteral("export"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), f.name,
                                           QStringLiteral("--out"), dir.filePath(f.name + QLatin1Char('.') + f.extension)});
    }
    const double ref = median(reference);
    std::printf("AACR-Bench %s, %d runs each, alternating; medians of wall time\n", qPrintable(QFileInfo(file).fileName()), runs);
    std::printf("%-36s %9s %7s\n", "step", "ms", "ratio");
    std::printf("%-36s %9.1f %7s\n", "python3 -m json.tool (reference)", ref, "1.00");
    std::printf("%-36s %9.1f %7.2f\n", "import --as labelled", median(imports), median(imports) / ref);
    double worst = 0;
    for (const rd::ExportFormat &f : rd::exportFormats()) {
        const double m = median(exports[f.name]);
        worst = std::max(worst, m / ref);
        std::printf("%-36s %9.1f %7.2f\n", qPrintable(QStringLiteral("export --format ") + f.name), m, m / ref);
    }
    std::printf("goal <= 2.00: import %s, exports %s (worst %.2f)\n", median(imports) / ref <= 2 ? "met" : "not met", worst <= 2 ? "met" : "not met",
                worst);
    return 0;
}
