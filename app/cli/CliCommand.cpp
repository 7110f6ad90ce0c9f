#include "CliCommand.h"

#include <cstdio>
#include <iostream>
#include <string>

namespace rd::cli {

int exitCodeFor(const Error &error)
{
    switch (error.kind) {
    case Error::Kind::Usage: return ExitUsage;
    case Error::Kind::Path:
    case Error::Kind::Repository:
    case Error::Kind::Revision:
    case Error::Kind::Object:
    case Error::Kind::Workspace: return ExitRepository;
    case Error::Kind::Internal: return ExitInternal;
    case Error::Kind::Conflict: return ExitInternal;
    case Error::Kind::Service: return ExitService;
    }
    return ExitInternal;
}

int fail(int code, const QString &message)
{
    QString line = message;
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    std::fprintf(stderr, "reviewdesk-cli: %s\n", line.toLocal8Bit().constData());
    return code;
}

int fail(const Error &error)
{
    return fail(exitCodeFor(error), error.message);
}

int parseCommandLine(QCommandLineParser &parser, const QStringList &arguments)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(arguments))
        return fail(ExitUsage, parser.errorText());
    if (parser.isSet(help)) {
        // Qt names the program from argv[0]; name the command instead.
        QString text = parser.helpText();
        const qsizetype endOfUsage = text.indexOf(QLatin1Char('\n'));
        text.replace(0, endOfUsage, QStringLiteral("Usage: reviewdesk-cli %1 [options]").arg(arguments.constFirst()));
        writeStdout(text.toUtf8());
        return ExitOk;
    }
    if (!parser.positionalArguments().isEmpty())
        return fail(ExitUsage, QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().constFirst()));
    return -1;
}

int requireOptions(const QCommandLineParser &parser, const QString &command,
                   std::initializer_list<const QCommandLineOption *> options)
{
    for (const QCommandLineOption *required : options)
        if (!parser.isSet(*required))
            return fail(ExitUsage, QStringLiteral("%1: --%2 is required").arg(command, required->names().constFirst()));
    return -1;
}

int MergeRequestOptions::checkRequired(const QCommandLineParser &parser, const QString &command) const
{
    return requireOptions(parser, command, {&repo, &base, &head});
}

bool writeStdout(const QByteArray &bytes)
{
    return bytes.isEmpty() || std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout) == static_cast<std::size_t>(bytes.size());
}

int writeOutput(const QString &command, const QByteArray &out)
{
    if (!writeStdout(out) || std::fflush(stdout) != 0)
        return fail(ExitInternal, QStringLiteral("%1: cannot write the output").arg(command));
    return ExitOk;
}

int forEachInputLine(int badLineCode, const std::function<LineOutcome(qint64 number, const QByteArray &line)> &handle)
{
    bool anyBad = false;
    std::string text;
    for (qint64 number = 1; std::getline(std::cin, text); ++number) {
        const QByteArray line = QByteArray::fromStdString(text).trimmed();
        if (line.isEmpty())
            continue;
        const LineOutcome outcome = handle(number, line);
        if (outcome.stopWith)
            return *outcome.stopWith;
        anyBad = anyBad || outcome.isBad;
    }
    return anyBad ? badLineCode : ExitOk;
}

LineOutcome lineNotStored(const QString &command, qint64 number, const Error &error)
{
    if (error.kind != Error::Kind::Usage)
        return LineOutcome::stop(fail(exitCodeFor(error), QStringLiteral("%1: line %2: not stored: %3").arg(command).arg(number).arg(error.message)));
    fail(ExitUsage, QStringLiteral("%1: line %2: %3").arg(command).arg(number).arg(error.message));
    return LineOutcome::bad();
}

int failIn(const QString &command, const Error &error)
{
    return fail(exitCodeFor(error), QStringLiteral("%1: %2").arg(command, error.message));
}

QCommandLineOption workspaceOption()
{
    return {QStringLiteral("workspace"), QStringLiteral("The workspace file."), QStringLiteral("FILE")};
}

} // namespace rd::cli
