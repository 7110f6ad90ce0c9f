#include "ImportJson.h"

#include "DatasetParsers.h"

#include <QCoreApplication>

namespace rd::importjson {

namespace {

// "line 3, column 14 (byte 52)" for a byte offset into `bytes`.
QString position(const QByteArray &bytes, std::size_t byte)
{
    const qsizetype end = std::min<qsizetype>(static_cast<qsizetype>(byte), bytes.size());
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < end; ++i)
        if (bytes.at(i) == '\n') {
            ++line;
            lineStart = i + 1;
        }
    const qsizetype column = std::max<qsizetype>(1, end - lineStart);
    return QCoreApplication::translate("rd::models", "line %1, column %2 (byte %3)").arg(line).arg(column).arg(byte);
}

// The byte where the reader stops: nlohmann's exception gives it for a syntax
// error but not for a number too large for a double (out_of_range), so a
// pass that builds nothing finds it.
std::size_t errorByte(const QByteArray &bytes)
{
    struct ErrorPosition : nlohmann::json_sax<Json>
    {
        std::size_t byte = 0;
        bool null() override { return true; }
        bool boolean(bool) override { return true; }
        bool number_integer(number_integer_t) override { return true; }
        bool number_unsigned(number_unsigned_t) override { return true; }
        bool number_float(number_float_t, const string_t &) override { return true; }
        bool string(string_t &) override { return true; }
        bool binary(binary_t &) override { return true; }
        bool start_object(std::size_t) override { return true; }
        bool key(string_t &) override { return true; }
        bool end_object() override { return true; }
        bool start_array(std::size_t) override { return true; }
        bool end_array() override { return true; }
        bool parse_error(std::size_t at, const std::string &, const Json::exception &) override
        {
            byte = at;
            return false;
        }
    } sax;
    Json::sax_parse(bytes.constBegin(), bytes.constEnd(), &sax);
    return sax.byte;
}

} // namespace

Error badInput(const QString &message)
{
    return Error{Error::Kind::Usage, message};
}

Result<Json> parse(const QByteArray &bytes)
{
    if (bytes.size() > MaxImportFileBytes)
        return badInput(QCoreApplication::translate("rd::models", "the file is %1 MiB; ReviewDesk imports files up to %2 MiB").arg(bytes.size() / (1024 * 1024)).arg(MaxImportFileBytes / (1024 * 1024)));
    try {
        return Json::parse(bytes.constBegin(), bytes.constEnd());
    } catch (const Json::parse_error &e) {
        // nlohmann's message names the token it stopped at; the position is ours.
        QString what = QString::fromUtf8(e.what());
        if (const qsizetype colon = what.lastIndexOf(QLatin1String(": ")); colon >= 0)
            what = what.mid(colon + 2);
        if (e.byte >= static_cast<std::size_t>(bytes.size()))
            return badInput(QCoreApplication::translate("rd::models", "%1: the JSON ends too early (truncated?): %2").arg(position(bytes, bytes.size()), what));
        return badInput(QCoreApplication::translate("rd::models", "%1: not valid JSON: %2").arg(position(bytes, e.byte), what));
    } catch (const Json::exception &e) { // a number too large for a double: "[json.exception.out_of_range.406] number overflow parsing '1e400'"
        QString what = QString::fromUtf8(e.what());
        if (const qsizetype id = what.indexOf(QLatin1String("] ")); id >= 0)
            what = what.mid(id + 2);
        const std::size_t byte = errorByte(bytes);
        return badInput(QCoreApplication::translate("rd::models", "%1: not valid JSON: %2").arg(position(bytes, byte), what));
    }
}

QString typeName(const Json &j)
{
    switch (j.type()) {
    case Json::value_t::null: return QCoreApplication::translate("rd::models", "null");
    case Json::value_t::object: return QCoreApplication::translate("rd::models", "an object");
    case Json::value_t::array: return QCoreApplication::translate("rd::models", "an array");
    case Json::value_t::string: return QCoreApplication::translate("rd::models", "a string");
    case Json::value_t::boolean: return QCoreApplication::translate("rd::models", "a boolean");
    case Json::value_t::number_float: return QCoreApplication::translate("rd::models", "a fractional number");
    default: return QCoreApplication::translate("rd::models", "a number");
    }
}

Error wrongType(const QString &path, const QString &expected, const Json &j)
{
    return badInput(QCoreApplication::translate("rd::models", "%1: expected %2, found %3").arg(path, expected, typeName(j)));
}

} // namespace rd::importjson
